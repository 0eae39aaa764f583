/**
 * pod-resources: a pod's effective requests and limits (resourcehelper.PodRequests/PodLimits):
 * regular containers and sidecars (restartPolicy Always init containers) add up, ordinary init
 * containers run one at a time so only the largest counts, and the pod gets the larger of the two.
 */
import type { KubeObject } from '../api/meta';
import { addInto, maxInto, parseResourceList, type ResourceList } from './resource-list';

/** PodResourceOptions says whether spec.overhead is charged (quota: yes; LimitRanger: no). */
export interface PodResourceOptions { overhead?: boolean }

type Field = 'requests' | 'limits';

function aggregate(pod: KubeObject, field: Field): ResourceList {
  const total: ResourceList = new Map();
  for (const c of pod.spec?.containers ?? []) addInto(total, parseResourceList(c?.resources?.[field]));
  const sidecars: ResourceList = new Map();
  const initMax: ResourceList = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    const own = parseResourceList(c?.resources?.[field]);
    if (c?.restartPolicy === 'Always') {
      // A sidecar keeps running beside the app containers, and beside every later init container.
      addInto(total, own);
      addInto(sidecars, own);
      maxInto(initMax, sidecars);
    } else {
      const step: ResourceList = new Map();
      addInto(step, own);
      addInto(step, sidecars);
      maxInto(initMax, step);
    }
  }
  maxInto(total, initMax);
  return total;
}

/** podRequests sums a pod's requests; with overhead, spec.overhead is added to every resource. */
export function podRequests(pod: KubeObject, opts: PodResourceOptions = {}): ResourceList {
  const reqs = aggregate(pod, 'requests');
  if (opts.overhead) addInto(reqs, parseResourceList(pod.spec?.overhead));
  return reqs;
}

/** podLimits sums a pod's limits; with overhead, spec.overhead is added only to resources that have a limit. */
export function podLimits(pod: KubeObject, opts: PodResourceOptions = {}): ResourceList {
  const limits = aggregate(pod, 'limits');
  if (opts.overhead) {
    for (const [name, q] of parseResourceList(pod.spec?.overhead)) {
      const cur = limits.get(name);
      if (cur) limits.set(name, { nanos: cur.nanos + q.nanos, format: cur.format });
    }
  }
  return limits;
}
