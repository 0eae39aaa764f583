/**
 * pods: building a Job's pods — the tracking finalizer, and for Indexed Jobs the index in the
 * name, annotation, label, hostname and JOB_COMPLETION_INDEX variable.
 * Mirrors kubernetes pkg/controller/job (job_controller.go manageJob, indexed_job_utils.go addCompletionIndex*).
 */
import type { Job, Pod } from '../../api/types/kinds';
import { newPodFromTemplate } from '../replicaset/pods';

/** JOB_TRACKING_FINALIZER keeps a finished pod until the controller has counted it. */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
/** COMPLETION_INDEX_ANNOTATION (and label) carries an Indexed Job pod's index. */
export const COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
/** COMPLETION_INDEX_ENV is the variable the index is exposed as. */
export const COMPLETION_INDEX_ENV = 'JOB_COMPLETION_INDEX';

/** newJobPod makes a pod for job; index is set for Indexed Jobs. */
export function newJobPod(job: Job, index?: number): Pod {
  const pod = newPodFromTemplate(job, 'Job', 'batch/v1');
  pod.metadata.finalizers = [JOB_TRACKING_FINALIZER];
  if (index === undefined) return pod;
  const ix = String(index);
  pod.metadata.generateName = `${job.metadata.name}-${ix}-`;
  pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), [COMPLETION_INDEX_ANNOTATION]: ix };
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [COMPLETION_INDEX_ANNOTATION]: ix };
  if (!pod.spec!.hostname) pod.spec!.hostname = `${job.metadata.name}-${ix}`;
  const env = { name: COMPLETION_INDEX_ENV, valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: `metadata.annotations['${COMPLETION_INDEX_ANNOTATION}']` } } };
  for (const list of [pod.spec!.initContainers ?? [], pod.spec!.containers ?? []]) {
    for (const c of list) if (!(c.env ?? []).some((e: { name: string }) => e.name === COMPLETION_INDEX_ENV)) c.env = [...(c.env ?? []), env];
  }
  return pod;
}

/** completionIndex reads a pod's index annotation (undefined when missing or malformed). */
export function completionIndex(pod: Pod): number | undefined {
  const v = pod.metadata.annotations?.[COMPLETION_INDEX_ANNOTATION];
  if (v === undefined || !/^\d+$/.test(v)) return undefined;
  return Number(v);
}

/** hasTrackingFinalizer: the pod still carries the job-tracking finalizer. */
export function hasTrackingFinalizer(pod: Pick<Pod, 'metadata'>): boolean {
  return !!pod.metadata.finalizers?.includes(JOB_TRACKING_FINALIZER);
}
