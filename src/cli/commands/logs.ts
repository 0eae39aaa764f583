/**
 * logs: kubectl logs — a container's output as the emulated runtime computed it, for a
 * pod, a workload (deploy/x, job/x … picks one pod as kubectl does) or a selector.
 * -f follows on a wall-clock cluster until the container stops (polling the cluster each
 * second); on a manual-clock cluster time never moves while it waits, so -f prints what
 * exists and returns.
 */
import { authorizeRequest } from '../../apiserver/authorization';
import type { KubeObject } from '../../api/meta';
import { type LabelSelector, labelSelectorHints, selectorMatches } from '../../api/label-selector';
import type { ApiClient } from '../../apiserver/client';
import { badRequest, notFound } from '../../apiserver/errors';
import { LogError } from '../../kubelet/logs';
import { ContainerLogReader, containerRunning } from '../../kubelet/log-reader';
import { defineCommand, type Command, type CommandContext, type FlagsContext } from '../command';
import { defineFlags } from '../flag-table';
import { CliError, SilentExit, UsageError } from '../errors';
import { durationFlag } from './sim-wait';
import { byLogging } from './attachable-pod';
import { shortNameWarnings } from '../resource-args';

export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';
export const ERR_NEED_POD = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";
export const ERR_SINCE_BOTH = 'at most one of `sinceTime` or `sinceSeconds` may be specified';
export const ERR_SINCE_NEGATIVE = '--since must be greater than 0';
/** ERR_SINCE_TIME is Go's time.Parse failure for a --since-time that is not RFC 3339: the rest of the value and the layout part it failed on. */
export const ERR_SINCE_TIME = (v: string, rest: string, part: string): string => `parsing time "${v}" as "2006-01-02T15:04:05Z07:00": cannot parse "${rest}" as "${part}"`;

/** FOLLOW_POLL_MS is how often -f on a wall-clock cluster brings the cluster up to date for new lines. */
export const FOLLOW_POLL_MS = 1000;

/** RFC3339_PARTS is Go's RFC 3339 layout as time.Parse walks it: each literal, then the element after it. */
const RFC3339_PARTS: [string, RegExp][] = [['2006', /^\d{4}/], ['-', /^-/], ['01', /^\d{2}/], ['-', /^-/], ['02', /^\d{2}/],
  ['T', /^T/], ['15', /^\d{2}/], [':', /^:/], ['04', /^\d{2}/], [':', /^:/], ['05', /^\d{2}(\.\d+)?/], ['Z07:00', /^(Z|[+-]\d{2}:\d{2})/]];

/** parseRfc3339 reads --since-time as Go's time.Parse(time.RFC3339, …) does, with its error text. */
function parseRfc3339(v: string): number {
  let rest = v;
  for (const [part, re] of RFC3339_PARTS) {
    const m = re.exec(rest);
    if (!m) throw new CliError(ERR_SINCE_TIME(v, rest, part));
    rest = rest.slice(m[0].length);
  }
  if (rest) throw new CliError(`parsing time "${v}": extra text: "${rest}"`);
  const [y, mo, d, h, mi, se] = v.split(/[-T:.Z+]/).map(Number) as number[];
  const range = mo! < 1 || mo! > 12 ? 'month' : d! < 1 || d! > new Date(Date.UTC(y!, mo!, 0)).getUTCDate() ? 'day'
    : h! > 23 ? 'hour' : mi! > 59 ? 'minute' : se! > 59 ? 'second' : undefined;
  if (range) throw new CliError(`parsing time "${v}": ${range} out of range`);
  return Date.parse(v);
}

/** sleepHost blocks the process for ms of real time (a follow waits for the wall clock to move). */
function sleepHost(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** LOGS_FLAGS is kubectl logs' flag table. */
const LOGS_FLAGS = defineFlags([
  { name: 'container', short: 'c', type: 'string', help: 'Print the logs of this container' },
  { name: 'previous', short: 'p', type: 'bool', default: false, help: 'If true, print the logs for the previous instance of the container in a pod if it exists.' },
  { name: 'follow', short: 'f', type: 'bool', default: false, help: 'Specify if the logs should be streamed. (kubemu: on a manual-clock cluster time does not move while following, so -f prints the logs so far and returns.)' },
  { name: 'tail', type: 'int', default: -1, help: 'Lines of recent log file to display. Defaults to -1 with no selector, showing all log lines otherwise 10, if a selector is provided.' },
  { name: 'timestamps', type: 'bool', default: false, help: 'Include timestamps on each line in the log output' },
  { name: 'since', type: 'duration', default: '0s', help: 'Only return logs newer than a relative duration like 5s, 2m, or 3h. Defaults to all logs. Only one of since-time / since may be used.' },
  { name: 'since-time', type: 'string', help: 'Only return logs after a specific date (RFC3339). Defaults to all logs. Only one of since-time / since may be used.' },
  { name: 'all-containers', type: 'bool', default: false, help: 'Get all containers\' logs in the pod(s).' },
  { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on, supports \'=\', \'==\', and \'!=\'.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints.' },
  { name: 'prefix', type: 'bool', default: false, help: 'Prefix each log line with the log source (pod name and container name)' },
  { name: 'max-log-requests', type: 'int', default: 5, help: 'Specify maximum number of concurrent logs to follow when using by a selector. Defaults to 5.' },
  { name: 'limit-bytes', type: 'int', default: 0, help: 'Maximum bytes of logs to return. Defaults to no limit.' },
  { name: 'all-pods', type: 'bool', default: false, help: 'Get logs from all pod(s). Sets prefix to true.' },
  { name: 'pod-running-timeout', type: 'duration', default: '20s', help: 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running' },
  // Read as kubectl reads them: a follow here never fails part-way, and no kubelet is dialled.
  { name: 'ignore-errors', type: 'bool', default: false, help: 'If watching / following pod logs, allow for any errors that occur to be non-fatal' },
  { name: 'insecure-skip-tls-verify-backend', type: 'bool', default: false, help: "Skip verifying the identity of the kubelet that logs are requested from.  In theory, an attacker could provide invalid log content back. You might want to use this if your kubelet serving certificates have expired." },
]);

/** sinceSeconds is --since in whole seconds (0: not given). */
function sinceSeconds(ctx: FlagsContext<typeof LOGS_FLAGS>): number {
  try {
    return Math.round(durationFlag(ctx.flags.since, 'since') / 1000);
  } catch (e) {
    // A bad duration is pflag's parse error, with its usage hint.
    ctx.io.err(`${(e as Error).message.replace(/^(error: )?/, 'error: ')}\nSee 'kubectl logs --help' for usage.\n`);
    throw new SilentExit(1);
  }
}

/** validateLogs is kubectl logs' Validate, in its order (container: the one named by -c or inline); returns --since in seconds. */
function validateLogs(ctx: FlagsContext<typeof LOGS_FLAGS>, container: string | undefined): number {
  const seconds = sinceSeconds(ctx);
  if (ctx.flags['since-time'] && seconds !== 0) throw new CliError(ERR_SINCE_BOTH);
  if (ctx.flags['all-containers'] && container) throw new CliError(`--all-containers=true should not be specified with container name ${container}`);
  if (ctx.set.has('container') && ctx.args.length === 2) throw new CliError('only one of -c or an inline [CONTAINER] arg is allowed');
  if (ctx.flags['limit-bytes'] < 0) throw new CliError('--limit-bytes must be greater than 0');
  if (seconds < 0) throw new CliError(ERR_SINCE_NEGATIVE);
  if (ctx.flags.tail < -1) throw new CliError('--tail must be greater than or equal to -1');
  return seconds;
}

/** sinceMs turns --since-time, or --since's seconds, into the earliest line time to print (undefined: all lines). */
function sinceMs(ctx: FlagsContext<typeof LOGS_FLAGS>, seconds: number, nowMs: number): number | undefined {
  const sinceTime = ctx.flags['since-time'];
  if (sinceTime) return parseRfc3339(sinceTime);
  // The kubelet counts sinceSeconds back from its own now: the cluster's simulated time.
  return seconds > 0 ? nowMs - seconds * 1000 : undefined;
}

/** LogStream is one container's log being printed. */
interface LogStream { namespace: string; pod: string; reader: ContainerLogReader }

/** podsFor lists a workload's pods as kubectl's logs sorts them (ByLogging). */
function podsFor(obj: KubeObject, api: ApiClient): KubeObject[] {
  const spec = obj.spec?.selector;
  const sel: LabelSelector = obj.kind === 'Job' && !spec?.matchLabels && !spec?.matchExpressions
    ? { matchLabels: { 'job-name': obj.metadata.name! } }
    : spec?.matchLabels || spec?.matchExpressions ? spec : { matchLabels: spec };
  return api.list({ kind: 'Pod', namespace: obj.metadata.namespace, mayContain: labelSelectorHints(sel) })
    .filter((p) => selectorMatches(sel, p.metadata.labels))
    .sort(byLogging);
}

/** logsCommand is `kubectl logs`. */
export const logsCommand = defineCommand({
  name: 'logs',
  short: 'Print the logs for a container in a pod',
  usage: 'kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]',
  flags: LOGS_FLAGS,
  run(ctx): number {
    const selector = ctx.flags.selector;
    if ((!ctx.args.length && !selector) || ctx.args.length > 2) throw new UsageError(ERR_NEED_POD, 'logs');
    if (selector && ctx.args.length === 1) throw new UsageError('only a selector (-l) or a POD name is allowed', 'logs');
    // --all-pods prints every pod of a workload, each line prefixed with its source.
    const allPods = !!ctx.flags['all-pods'];
    const prefix = !!ctx.flags.prefix || allPods;
    if (durationFlag(ctx.flags['pod-running-timeout'], 'pod-running-timeout') <= 0) throw new CliError('--pod-running-timeout must be higher than zero');
    const seconds = validateLogs(ctx, ctx.flags.container || (ctx.args.length === 2 ? ctx.args[1] : undefined));
    const cluster = ctx.cluster();
    cluster.catchUp();
    const ns = ctx.namespace;
    const now = cluster.clock.nowMs();
    const since = sinceMs(ctx, seconds, now);
    const streams: LogStream[] = [];
    let container = ctx.flags.container;
    if (ctx.args.length === 2 && !container) container = ctx.args[1];
    let out = '';
    cluster.read(() => {
      let pods: KubeObject[];
      if (selector) {
        pods = cluster.api.list({ kind: 'Pod', namespace: ns, labelSelector: selector });
        if (!pods.length) { ctx.io.err(`No resources found in ${ns} namespace.\n`); return; }
      } else {
        const arg = ctx.args[0]!;
        const slash = arg.indexOf('/');
        if (slash < 0) {
          const pod = cluster.api.tryGet({ kind: 'Pod', namespace: ns, name: arg });
          if (!pod) throw new CliError(`error from server (NotFound): pods "${arg}" not found in namespace "${ns}"`);
          pods = [pod];
        } else {
          const registry = cluster.api.registry();
          const info = registry.resolve(arg.slice(0, slash));
          ctx.io.err(shortNameWarnings(registry, arg.slice(0, slash)));
          const name = arg.slice(slash + 1);
          const obj = cluster.api.tryGet({ kind: info.storageKind, namespace: ns, name });
          // The builder's NotFound, as logs words it for a bare pod name too.
          if (!obj) throw new CliError(`error from server (NotFound): ${notFound(info.group, info.resource, name).message} in namespace "${ns}"`);
          if (obj.kind === 'Pod') pods = [obj];
          else {
            const all = podsFor(obj, cluster.api);
            if (!all.length) throw new CliError(`timed out waiting for the condition`);
            if (allPods) pods = all;
            else {
              if (all.length > 1) ctx.io.err(`Found ${all.length} pods, using pod/${all[0]!.metadata.name}\n`);
              pods = [all[0]!];
            }
          }
        }
      }
      const tail = ctx.flags.tail >= 0 ? ctx.flags.tail : (selector ? 10 : -1);
      for (const pod of pods) {
        const inits: { name: string }[] = pod.spec?.initContainers ?? [];
        const apps: { name: string }[] = pod.spec?.containers ?? [];
        let names: string[];
        if (ctx.flags['all-containers']) names = [...inits, ...apps].map((c) => c.name);
        else if (container) {
          // kubectl finds the named container in the pod it fetched before asking for its log.
          if (![...inits, ...apps, ...(pod.spec?.ephemeralContainers ?? [])].some((c: { name: string }) => c.name === container)) {
            throw new CliError(`container ${container} is not valid for pod ${pod.metadata.name}`);
          }
          names = [container];
        }
        else {
          const preferred = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
          const chosen = preferred && apps.some((c) => c.name === preferred) ? preferred : apps[0]!.name;
          if (apps.length + inits.length > 1 && !preferred) {
            const list = [...apps.map((c) => c.name), ...inits.map((c) => `${c.name} (init)`)].join(', ');
            ctx.io.err(`Defaulted container "${chosen}" out of: ${list}\n`);
          }
          names = [chosen];
        }
        // The log is the pods/log subresource: reading the pod is not enough.
        authorizeRequest(cluster.api, 'get', 'Pod', ns, pod.metadata.name!, 'log');
        for (const name of names) {
          let reader: ContainerLogReader;
          try {
            reader = new ContainerLogReader(pod, name, {
              previous: !!ctx.flags.previous, tailLines: tail, sinceMs: since, timestamps: !!ctx.flags.timestamps,
              limitBytes: ctx.flags['limit-bytes'], prefix: prefix ? `[pod/${pod.metadata.name}/${name}] ` : '',
            }, cluster.api, now);
          } catch (e) {
            if (e instanceof LogError) throw badRequest(e.message);
            throw e;
          }
          streams.push({ namespace: ns, pod: pod.metadata.name!, reader });
          out += reader.first;
        }
      }
    });
    // --max-log-requests bounds only the streams followed at once (RunLogs); a plain read prints them all, one after another.
    const max = ctx.flags['max-log-requests'];
    if (ctx.flags.follow && streams.length > 1 && streams.length > max) {
      throw new CliError(`you are attempting to follow ${streams.length} log streams, but maximum allowed concurrency is ${max}, use --max-log-requests to increase the limit`);
    }
    ctx.io.out(out);
    if (ctx.flags.follow && cluster.mode === 'wall') follow(ctx, streams);
    return 0;
  },
});

/**
 * follow streams new lines of each stream until its container stops: every FOLLOW_POLL_MS it
 * brings the wall-clock cluster up to date and prints what the container wrote since.
 */
function follow(ctx: CommandContext, streams: LogStream[]): void {
  const cluster = ctx.cluster();
  let live = streams.filter((s) => !s.reader.done && containerRunning(cluster.api.tryGet({ kind: 'Pod', namespace: s.namespace, name: s.pod }), s.reader.container));
  while (live.length) {
    sleepHost(FOLLOW_POLL_MS);
    cluster.catchUp();
    const now = cluster.clock.nowMs();
    cluster.read(() => {
      for (const s of live) ctx.io.out(s.reader.next(cluster.api.tryGet({ kind: 'Pod', namespace: s.namespace, name: s.pod }), cluster.api, now));
    });
    live = live.filter((s) => !s.reader.done);
  }
}
