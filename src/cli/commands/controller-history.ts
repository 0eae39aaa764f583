/**
 * controller-history: a DaemonSet's or StatefulSet's rollout history as kubectl reads it — the
 * ControllerRevisions the object controls, by revision number — and the pod template each
 * one restores (the revision's data is a patch that replaces spec.template).
 * Mirrors kubectl pkg/polymorphichelpers history.go (daemonSetHistory, statefulSetHistory,
 * applyDaemonSetHistory) and rollback.go (findHistory, daemonSetMatch).
 */
import type { KubeObject } from '../../api/meta';
import type { ControllerRevision } from '../../api/types/kinds';
import type { PodTemplateSpec } from '../../api/types/core-v1';
import type { ApiClient } from '../../apiserver/client';
import { revisionNumber, templateOf } from '../../controllers/statefulset/revision';

/** controllerHistory maps revision number → ControllerRevision for a DaemonSet or StatefulSet. */
export function controllerHistory(api: ApiClient, owner: KubeObject): Map<number, ControllerRevision> {
  const out = new Map<number, ControllerRevision>();
  const revisions = api.listControlledBy('ControllerRevision', owner.metadata.uid!).sort((a, b) => revisionNumber(a) - revisionNumber(b));
  for (const r of revisions) out.set(revisionNumber(r), r);
  return out;
}

/** revisionTemplate is the pod template a revision puts back. */
export function revisionTemplate(revision: ControllerRevision): PodTemplateSpec {
  return templateOf(revision);
}

/**
 * findRevision is findHistory: revision `to`, or for 0 the second newest (undefined when
 * there is none).
 */
export function findRevision(history: Map<number, ControllerRevision>, to: number): ControllerRevision | undefined {
  if (to > 0) return history.get(to);
  const revs = [...history.keys()].sort((a, b) => a - b);
  return revs.length < 2 ? undefined : history.get(revs[revs.length - 2]!);
}

