/**
 * why: kubemu why pod/NAME — the scheduler explaining itself. Runs the default profile's
 * PreFilter and every Filter plugin on every node (not stopping at the first rejection, so
 * each cell says pass or why not), then the Score plugins over the feasible nodes with
 * their weights and totals, and names the node the scheduler picks. A pod that is already
 * bound is recomputed against the cluster without it.
 */
import type { KubeObject } from '../../api/meta';
import { isPodTerminal } from '../../api/pod-util';
import { CycleState, newPodInfo, newSnapshot, type SnapshotOptions } from '../../scheduler/framework';
import { defaultProfile } from '../../scheduler/plugins/registry';
import { isFailure, prioritizeNodes, scheduleOne } from '../../scheduler/scheduler';
import type { ChalkInstance } from 'chalk';
import { renderReport, reportColors } from '../../printers/report';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError, UsageError } from '../errors';

/** PASS is a filter cell for a node the plugin accepts. */
export const PASS = 'pass';
/** SKIPPED marks a plugin whose PreFilter said Skip for this pod. */
export const SKIPPED = 'skip';

function podName(arg: string): string {
  const m = /^(pods?|po)\/(.+)$/.exec(arg);
  if (m) return m[2]!;
  if (arg.includes('/')) throw new CliError(`why explains pods only: "${arg}"`);
  return arg;
}

/**
 * explain renders the whole explanation for a pod against the given nodes and bound pods; the
 * options carry what the scheduler's snapshot does (namespaces, and the claims, volumes and
 * classes VolumeBinding reads).
 */
export function explain(pod: KubeObject, nodes: KubeObject[], boundPods: KubeObject[], options: SnapshotOptions, colors?: ChalkInstance): string {
  const profile = defaultProfile();
  const ns = pod.metadata.namespace, name = pod.metadata.name;
  const bound = pod.spec?.nodeName as string | undefined;
  const others = boundPods.filter((p) => p.metadata.uid !== pod.metadata.uid);
  const candidate: KubeObject = structuredClone(pod);
  if (candidate.spec) delete candidate.spec.nodeName;
  const snapshot = newSnapshot(nodes, others, options);
  const out: string[] = [];
  out.push(bound
    ? `Pod ${ns}/${name} is bound to ${bound}; recomputed against the cluster without it (${snapshot.nodeInfos.length} nodes).\n`
    : `Pod ${ns}/${name} is not scheduled; computed against the cluster now (${snapshot.nodeInfos.length} nodes).\n`);
  if (!snapshot.nodeInfos.length) return out.join('') + 'No nodes.\n';

  // PreFilter once; a rejection applies to every node.
  const state = new CycleState(snapshot, newPodInfo(candidate));
  let preReject: string | undefined;
  let narrowed: ReadonlySet<string> | undefined;
  for (const pf of profile.preFilters) {
    const r = pf.preFilter(state, candidate);
    if (r.status.code === 'Skip') { state.skipFilter.add(pf.name); continue; }
    if (r.status.code !== 'Success') { preReject = `${pf.name}: ${r.status.reasons.join(', ')}`; break; }
    if (r.nodeNames) narrowed = narrowed ? new Set([...narrowed].filter((n) => r.nodeNames!.has(n))) : r.nodeNames;
  }
  if (preReject) out.push(`PreFilter rejected the pod on every node: ${preReject}\n`);

  const filters = profile.filters;
  const header = ['NODE', ...filters.map((f) => f.name), 'RESULT'];
  const rows: string[][] = [];
  const feasible = [];
  for (const n of snapshot.nodeInfos) {
    const cells: string[] = [];
    let fits = !preReject;
    for (const f of filters) {
      if (preReject) { cells.push('-'); continue; }
      if (narrowed && !narrowed.has(n.name)) { cells.push('-'); fits = false; continue; }
      if (state.skipFilter.has(f.name)) { cells.push(SKIPPED); continue; }
      const s = f.filter(state, candidate, n);
      if (s.code === 'Success') cells.push(PASS);
      else { cells.push(s.reasons.join('; ')); fits = false; }
    }
    rows.push([n.name, ...cells, fits ? 'feasible' : 'filtered']);
    if (fits) feasible.push(n);
  }
  out.push('\nFilters:\n', renderReport(header, rows, { colors, cell: (t, i) => (i ? filterCell(t, colors) : t) }));

  if (feasible.length) {
    const scores = prioritizeNodes(profile, state, candidate, feasible);
    const shead = ['SCORE PLUGIN', 'WEIGHT', ...scores.map((s) => s.nodeName)];
    const srows: string[][] = [];
    for (const { plugin, weight } of profile.scores) {
      const cells = scores.map((s) => {
        const p = s.plugins.find((x) => x.plugin === plugin.name);
        return p ? `${p.normalized}×${weight}=${p.weighted}` : SKIPPED;
      });
      srows.push([plugin.name, String(weight), ...cells]);
    }
    srows.push(['TOTAL', '', ...scores.map((s) => String(s.total))]);
    out.push('\nScores (normalized×weight=weighted):\n', renderReport(shead, srows, { colors, cell: (t, i, row) => (row[0] === 'TOTAL' && colors ? colors.bold(t) : t) }));
  }

  // The real decision, with upstream's shortcuts (one feasible node skips scoring).
  const result = scheduleOne(candidate, newSnapshot(nodes, others, options), profile, { int: () => 0 });
  out.push('\n');
  if (isFailure(result)) {
    out.push(`Result: unschedulable: ${result.failure.message}\n`);
  } else {
    const tie = result.candidates.length > 1 ? ` (tie between ${result.candidates.join(', ')}; the scheduler picks one at random)` : '';
    out.push(`Result: ${result.nodeName}${tie}\n`);
    if (bound && bound !== result.nodeName && result.candidates.length <= 1) out.push(`Note: the pod runs on ${bound}; the cluster has changed since it was scheduled.\n`);
  }
  return out.join('');
}

/** filterCell colours a filter matrix cell on a terminal: passes green, rejections red. */
function filterCell(text: string, colors: ChalkInstance | undefined): string {
  if (!colors) return text;
  if (text === PASS || text === 'feasible') return colors.green(text);
  if (text === SKIPPED || text === '-') return colors.dim(text);
  return colors.red(text);
}

/** whyCommand is `kubemu why pod/NAME`. */
export const whyCommand = ownVerb(leaf({
  command: 'why <pod>',
  describe: 'Explain where the scheduler puts a pod and why (kubemu)',
  examples: [
    ['$0 why pod/web-1', 'each filter plugin on each node, then the scores of the feasible ones'],
    ['$0 why web-1 -n shop', 'the same for a pod in namespace shop'],
  ],
  run(ctx: CommandContext): number {
    if (ctx.args.length !== 1) throw new UsageError('why takes one pod, e.g. `kubemu why pod/web-1`', 'why');
    const name = podName(ctx.args[0]!);
    const cluster = ctx.cluster();
    cluster.catchUp();
    const text = cluster.read(() => {
      const pod = cluster.api.get({ kind: 'Pod', namespace: ctx.namespace, name });
      const nodes = cluster.api.list({ kind: 'Node' });
      const bound = cluster.api.list({ kind: 'Pod' }).filter((p) => p.spec?.nodeName && !isPodTerminal(p));
      return explain(pod, nodes, bound, {
        namespaces: cluster.api.list({ kind: 'Namespace' }),
        persistentVolumeClaims: cluster.api.list({ kind: 'PersistentVolumeClaim', namespace: pod.metadata.namespace }),
        persistentVolumes: cluster.api.list({ kind: 'PersistentVolume' }),
        storageClasses: cluster.api.list({ kind: 'StorageClass' }),
      }, reportColors(ctx.env, ctx.io.isTTY));
    });
    ctx.io.out(text);
    return 0;
  },
}));
