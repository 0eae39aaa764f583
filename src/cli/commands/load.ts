/**
 * load: `kubemu load DEPLOYMENT|svc/NAME --rps N [--for 10m]`, `kubemu load TARGET --stop`,
 * `kubemu load list` — drive requests at a Deployment's or a Service's ready pods in simulated
 * time, in place of the HPA walkthrough's busybox wget loop. The load is the target's
 * `kubemu.io/load` annotation (src/api/load-model.ts); usage follows it at metrics-server's
 * next scrape.
 */
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import { formatDuration, parseDuration } from '../../api/duration';
import { LOAD_ANNOTATION, LOAD_KINDS, loadSegments, namespaceLoads, rpsAt, stopLoad, withLoad, type LoadSegment } from '../../api/load-model';
import { renderReport, reportColors } from '../../printers/report';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';

/** FIELD_MANAGER writes the load annotation. */
export const FIELD_MANAGER = 'kubemu-load';

/** NO_LOADS is what `load list` prints (to stderr) when nothing is loaded. */
export const NO_LOADS = 'No loads running.';

/** targetOf resolves DEPLOYMENT, deploy/NAME or svc/NAME to a kind and name. */
function targetOf(ctx: CommandContext, arg: string): { kind: (typeof LOAD_KINDS)[number]; name: string } {
  const slash = arg.indexOf('/');
  if (slash < 0) return { kind: 'Deployment', name: arg };
  const info = ctx.cluster().api.registry().resolve(arg.slice(0, slash));
  const kind = LOAD_KINDS.find((k) => k === info.kind);
  if (!kind) throw new CliError(`cannot load ${kindPrefix(info)}: a load targets a Deployment or a Service`);
  return { kind, name: arg.slice(slash + 1) };
}

function describeTarget(obj: KubeObject): string {
  return `${obj.kind === 'Service' ? 'service' : 'deployment.apps'}/${obj.metadata.name}`;
}

/** writeSegments stores a target's segments (none: the annotation goes). */
function writeSegments(ctx: CommandContext, obj: KubeObject, segments: LoadSegment[]): void {
  const updated = structuredClone(obj);
  const ann = { ...(updated.metadata.annotations ?? {}) };
  if (segments.length) ann[LOAD_ANNOTATION] = JSON.stringify(segments); else delete ann[LOAD_ANNOTATION];
  updated.metadata.annotations = ann;
  if (!Object.keys(ann).length) delete updated.metadata.annotations;
  ctx.cluster().api.update(updated, { fieldManager: FIELD_MANAGER });
}

function listLoads(ctx: CommandContext, allNamespaces: boolean): number {
  const cluster = ctx.cluster();
  const now = cluster.clock.nowMs();
  const rows: string[][] = [];
  cluster.read(() => {
    const namespaces = allNamespaces ? cluster.api.list({ kind: 'Namespace' }).map((n) => n.metadata.name!) : [ctx.namespace];
    for (const ns of namespaces) {
      const pods = cluster.api.list({ kind: 'Pod', namespace: ns });
      for (const load of namespaceLoads(cluster.api, ns, pods)) {
        const rps = rpsAt(load.segments, now);
        if (!rps) continue;
        const ends = load.segments.filter((s) => Date.parse(s.from) <= now && (s.until === undefined || Date.parse(s.until) > now)).map((s) => (s.until === undefined ? Infinity : Date.parse(s.until)));
        const end = Math.min(...ends);
        const ready = load.backends.filter((p) => p.status?.phase === 'Running' && !p.metadata.deletionTimestamp
          && (p.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True')).length;
        rows.push([...(allNamespaces ? [ns] : []), describeTarget(load.target), String(rps), String(ready), end === Infinity ? '<none>' : formatDuration(end - now)]);
      }
    }
  });
  if (!rows.length) { ctx.io.err(`${NO_LOADS}\n`); return 0; }
  ctx.io.out(renderReport([...(allNamespaces ? ['NAMESPACE'] : []), 'TARGET', 'RPS', 'READY BACKENDS', 'ENDS IN'], rows, { colors: reportColors(ctx.env, ctx.io.isTTY) }));
  return 0;
}

/** usage is a command-line mistake, with the hint yargs gives for its own (`See 'kubemu load --help' for usage.`). */
const usage = (message: string) => new CliError(`${message}\nSee 'kubemu load --help' for usage.`);

const loadLeaf = leaf({
  command: 'load [target]',
  describe: 'Send requests to a Deployment or a Service in simulated time (kubemu)',
  options: {
    rps: { type: 'number', describe: 'requests per second, spread evenly over the ready pods' },
    for: { type: 'string', describe: 'how long the load lasts (a duration: 90s, 10m, 1h); without it, until --stop' },
    stop: { type: 'boolean', describe: 'end the load on the target' },
    'all-namespaces': { alias: 'A', type: 'boolean', describe: 'with list: loads in every namespace' },
  },
  examples: [
    ['$0 load php-apache --rps 100', "what the HPA walkthrough's busybox wget loop sends"],
    ['$0 load svc/web --rps 250 --for 10m', 'a 10-minute load through a Service'],
    ['$0 load php-apache --stop', 'end it'],
    ['$0 load list -A', 'running loads'],
  ],
  run(ctx, opts) {
    const arg = ctx.args[0];
    if (arg === 'list') return listLoads(ctx, !!opts['all-namespaces']);
    if (!arg) throw usage('a target is required: a Deployment name, deploy/NAME or svc/NAME (or list)');
    if (!opts.stop && opts.rps === undefined) throw usage('--rps is required (or --stop)');
    if (opts.stop && (opts.rps !== undefined || opts.for !== undefined)) throw usage('--stop takes no --rps or --for');
    if (opts.rps !== undefined && !(Number.isFinite(opts.rps) && opts.rps > 0)) throw usage(`--rps must be a positive number, got ${String(opts.rps)}`);
    let forMs: number | undefined;
    if (opts.for !== undefined) {
      try { forMs = parseDuration(opts.for); } catch { throw usage(`invalid --for "${opts.for}": want a duration like 90s, 10m, 1h`); }
      if (forMs <= 0) throw usage('--for must be greater than 0');
    }
    const { kind, name } = targetOf(ctx, arg);
    const cluster = ctx.cluster();
    const line = cluster.write(() => {
      const obj = cluster.api.get({ kind, namespace: ctx.namespace, name });
      const now = cluster.clock.nowMs();
      const segments = loadSegments(obj);
      if (opts.stop) {
        if (!rpsAt(segments, now)) throw new CliError(`no load running on ${describeTarget(obj)}`);
        writeSegments(ctx, obj, stopLoad(segments, now));
        return `load on ${describeTarget(obj)} stopped`;
      }
      writeSegments(ctx, obj, withLoad(segments, now, opts.rps!, forMs));
      return `load on ${describeTarget(obj)}: ${opts.rps} requests/s ${forMs === undefined ? 'until stopped' : `for ${formatDuration(forMs)}`}`;
    });
    ctx.io.out(`${line}\n`);
    return 0;
  },
});

/** loadCommand is `kubemu load`. */
export const loadCommand = ownVerb(loadLeaf);
