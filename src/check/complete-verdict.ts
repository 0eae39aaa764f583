/**
 * complete-verdict: the `--until complete` phase — a Job completed; a Deployment, StatefulSet
 * or DaemonSet finished rolling out. A rollout that has not finished is reported with the
 * line `kubectl rollout status` would still be printing (rollout_status.go's texts).
 */
import type { Condition, KubeObject } from '../api/meta';
import type { Cluster } from '../cluster/cluster';
import type { Finding } from './model';
import { RULES, type Rule } from './rules';

/** COMPLETING_KINDS go through the complete phase. */
export const COMPLETING_KINDS: ReadonlySet<string> = new Set(['Job', 'Deployment', 'StatefulSet', 'DaemonSet']);

const n = (v: unknown): number => Number(v ?? 0);
const finding = (rule: Rule, message: string): Finding[] => [{ rule: rule.id, level: rule.level, phase: 'complete', message }];
const conditions = (live: KubeObject): Condition[] => (live.status?.conditions ?? []) as Condition[];

/** jobNotCompleteMessage is KM027's text for a Job still running. */
export const jobNotCompleteMessage = (name: string, succeeded: number, completions: number): string =>
  `job "${name}" has not completed: ${succeeded} of ${completions} completions succeeded`;

/** rolloutWaiting is what `kubectl rollout status` prints while the workload rolls out; undefined when done. */
export function rolloutWaiting(live: KubeObject): string | undefined {
  const s = live.status ?? {};
  const name = live.metadata.name!;
  const observed = n(s.observedGeneration) >= n(live.metadata.generation);
  switch (live.kind) {
    case 'Deployment': {
      if (!observed) return 'Waiting for deployment spec update to be observed...';
      const want = n(live.spec?.replicas ?? 1);
      if (n(s.updatedReplicas) < want) return `Waiting for deployment "${name}" rollout to finish: ${n(s.updatedReplicas)} out of ${want} new replicas have been updated...`;
      if (n(s.replicas) > n(s.updatedReplicas)) return `Waiting for deployment "${name}" rollout to finish: ${n(s.replicas) - n(s.updatedReplicas)} old replicas are pending termination...`;
      if (n(s.availableReplicas) < n(s.updatedReplicas)) return `Waiting for deployment "${name}" rollout to finish: ${n(s.availableReplicas)} of ${n(s.updatedReplicas)} updated replicas are available...`;
      return undefined;
    }
    case 'DaemonSet': {
      if (!observed) return 'Waiting for daemon set spec update to be observed...';
      const want = n(s.desiredNumberScheduled);
      if (n(s.updatedNumberScheduled) < want) return `Waiting for daemon set "${name}" rollout to finish: ${n(s.updatedNumberScheduled)} out of ${want} new pods have been updated...`;
      if (n(s.numberAvailable) < want) return `Waiting for daemon set "${name}" rollout to finish: ${n(s.numberAvailable)} of ${want} updated pods are available...`;
      return undefined;
    }
    case 'StatefulSet': {
      if (!observed) return 'Waiting for statefulset spec update to be observed...';
      const want = n(live.spec?.replicas ?? 1);
      if (n(s.readyReplicas) < want) return `Waiting for ${want - n(s.readyReplicas)} pods to be ready...`;
      if (s.updateRevision !== s.currentRevision) return `waiting for statefulset rolling update to complete ${n(s.updatedReplicas)} pods at revision ${String(s.updateRevision)}...`;
      return undefined;
    }
    default: return undefined;
  }
}

/** judgeComplete is the complete phase of a Job or a rolled-out workload. */
export function judgeComplete(_cluster: Cluster, live: KubeObject): Finding[] {
  if (live.kind === 'Job') {
    const done = conditions(live).find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
    if (done?.type === 'Complete') return [];
    if (done) return finding(RULES.podFailed, done.message ?? done.reason ?? 'Job failed');
    const completions = n(live.spec?.completions ?? live.spec?.parallelism ?? 1);
    return finding(RULES.notComplete, jobNotCompleteMessage(live.metadata.name!, n(live.status?.succeeded), completions));
  }
  const waiting = rolloutWaiting(live);
  return waiting ? finding(RULES.notComplete, waiting) : [];
}
