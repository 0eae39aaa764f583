/**
 * status: the kube-system/cluster-autoscaler-status ConfigMap, in the YAML layout upstream's
 * clusterstate writes under its `status` key (cluster-wide health and activity, then one
 * entry per node group). Upstream rewrites it every loop with a new probe time; here it is
 * written when its content changes, so lastProbeTime is the last loop that changed something.
 */
import type { KubeObject } from '../../api/meta';
import type { ReconcileContext } from '../../sim/controller';
import { poolOfNode, vmssName, type CloudProvider, type NodePool } from './cloud-provider';
import type { AutoscalerState } from './index';

export const CONFIG_MAP = 'ConfigMap';
/** STATUS_CONFIGMAP is the status ConfigMap's name. */
export const STATUS_CONFIGMAP = 'cluster-autoscaler-status';
const NAME = 'cluster-autoscaler';

/** LoopStatus is what one loop saw and did. */
export interface LoopStatus {
  now: number;
  pools: NodePool[];
  nodes: KubeObject[];
  scaleUp: 'NoActivity' | 'InProgress';
  scaleDownCandidates: Record<string, number>;
}

const isReady = (n: KubeObject) => (n.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
/** goTime renders a time as Go's time.Time String() in UTC. */
const goTime = (ms: number) => {
  const [date, time] = new Date(ms).toISOString().slice(0, -1).split('T');
  const [whole, frac] = time!.split('.');
  const f = (frac ?? '').replace(/0+$/, '');
  return `${date} ${whole}${f ? `.${f}` : ''} +0000 UTC`;
};

function counts(nodes: readonly KubeObject[], cloud: CloudProvider, ctx: ReconcileContext, ind: string): string[] {
  const ready = nodes.filter(isReady).length;
  const notStarted = nodes.filter((n) => !isReady(n) && cloud.booting(ctx, n.metadata.name!)).length;
  const unready = nodes.length - ready - notStarted;
  return [
    `${ind}nodeCounts:`, `${ind}  registered:`, `${ind}    total: ${nodes.length}`, `${ind}    ready: ${ready}`,
    `${ind}    notStarted: ${notStarted}`, `${ind}    unready:`, `${ind}      total: ${unready}`, `${ind}      resourceUnready: 0`,
    `${ind}  longUnregistered: 0`, `${ind}  unregistered: 0`,
  ];
}

/** writeStatus renders and stores the status ConfigMap, then records this loop's events on it. */
export function writeStatus(ctx: ReconcileContext, loop: LoopStatus, state: AutoscalerState, cloud: CloudProvider, events: readonly string[]): void {
  const at = (key: string, status: string) => {
    const t = state.transitions[key];
    if (!t || t.status !== status) state.transitions[key] = { status, at: loop.now };
    return iso(state.transitions[key]!.at);
  };
  const line = (key: string, ind: string, status: string, extra: string[] = []) => [
    `${ind}status: ${status}`, ...extra, `${ind}lastProbeTime: "${iso(loop.now)}"`, `${ind}lastTransitionTime: "${at(key, status)}"`,
  ];
  const totalCandidates = Object.values(loop.scaleDownCandidates).reduce((a, b) => a + b, 0);
  const body: string[] = [
    'autoscalerStatus: Running',
    'clusterWide:',
    '  health:', ...line('health', '    ', 'Healthy', counts(loop.nodes, cloud, ctx, '    ')),
    '  scaleUp:', ...line('scaleUp', '    ', loop.scaleUp),
    '  scaleDown:', ...line('scaleDown', '    ', totalCandidates ? 'CandidatesPresent' : 'NoCandidates', totalCandidates ? [`    candidates: ${totalCandidates}`] : []),
    'nodeGroups:',
  ];
  for (const pool of loop.pools.filter((p) => p.enableAutoscaler)) {
    const group = vmssName(pool);
    const mine = loop.nodes.filter((n) => poolOfNode(n) === pool.name);
    const c = loop.scaleDownCandidates[pool.name] ?? 0;
    body.push(
      `- name: ${group}`,
      '  health:', ...line(`${group}/health`, '    ', 'Healthy', [
        ...counts(mine, cloud, ctx, '    '),
        `    cloudProviderTarget: ${pool.count}`, `    minSize: ${pool.minCount ?? 0}`, `    maxSize: ${pool.maxCount ?? pool.count}`,
      ]),
      '  scaleUp:', ...line(`${group}/scaleUp`, '    ', mine.some((n) => cloud.booting(ctx, n.metadata.name!)) ? 'InProgress' : 'NoActivity'),
      '  scaleDown:', ...line(`${group}/scaleDown`, '    ', c ? 'CandidatesPresent' : 'NoCandidates', c ? [`    candidates: ${c}`] : []),
    );
  }
  // Compared without the probe times, which change every loop.
  const stable = body.filter((l) => !l.includes('lastProbeTime')).join('\n');
  const existing = ctx.api.tryGet({ kind: CONFIG_MAP, namespace: 'kube-system', name: STATUS_CONFIGMAP });
  let cm: KubeObject | undefined = existing;
  if (state.statusText !== stable || !existing) {
    state.statusText = stable;
    const text = [`time: ${goTime(loop.now)}`, ...body].join('\n') + '\n';
    const annotations = { 'cluster-autoscaler.kubernetes.io/last-updated': goTime(loop.now) };
    cm = existing
      ? ctx.api.update({ ...existing, metadata: { ...existing.metadata, annotations: { ...existing.metadata.annotations, ...annotations } }, data: { status: text } }, { fieldManager: NAME })
      : ctx.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: STATUS_CONFIGMAP, namespace: 'kube-system', annotations }, data: { status: text } }, { fieldManager: NAME });
  }
  for (const message of events) {
    const reason = message.startsWith('Scale-up') ? 'ScaledUpGroup' : message.startsWith('Scale-down: removing empty') ? 'ScaleDownEmpty' : 'ScaleDown';
    ctx.api.recordEvent(cm!, 'Normal', reason, message, { component: NAME });
  }
}
