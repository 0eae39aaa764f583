/**
 * pod-status-counts: the `Pods Status:` counters of workload describers
 * (kubectl getPodStatusForController).
 */
import { selectorMatches } from '../../api/label-selector';
import type { KubeObject } from '../../api/meta';
import type { DescribeContext } from './context';
import { isControlledBy } from './controller-ref';

/** PodPhaseCounts counts controlled pods by phase (Waiting = Pending). */
export interface PodPhaseCounts { running: number; waiting: number; succeeded: number; failed: number }

/** podStatusForController counts the pods matching owner's selector whose controller is owner. */
export function podStatusForController(owner: KubeObject, ctx: DescribeContext): PodPhaseCounts {
  const counts: PodPhaseCounts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  const pods = ctx.list({ kind: 'Pod', namespace: owner.metadata.namespace });
  for (const pod of pods) {
    // Orphans and pods owned by another controller are skipped even if the selector matches.
    if (!selectorMatches(owner.spec?.selector, pod.metadata.labels) || !isControlledBy(pod, owner)) continue;
    switch (pod.status?.phase) {
      case 'Running': counts.running++; break;
      case 'Pending': counts.waiting++; break;
      case 'Succeeded': counts.succeeded++; break;
      case 'Failed': counts.failed++; break;
    }
  }
  return counts;
}

/** formatPodPhaseCounts renders "R Running / W Waiting / S Succeeded / F Failed". */
export function formatPodPhaseCounts(c: PodPhaseCounts): string {
  return `${c.running} Running / ${c.waiting} Waiting / ${c.succeeded} Succeeded / ${c.failed} Failed`;
}
