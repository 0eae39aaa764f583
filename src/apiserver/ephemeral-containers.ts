/**
 * ephemeral-containers: the pods/ephemeralcontainers subresource. A write through it changes
 * only spec.ephemeralContainers (everything else sent is ignored, as the subresource's strategy
 * copies that one list onto the stored pod); existing ephemeral containers may be neither changed
 * nor removed, and static pods' mirrors take none.
 * Mirrors kubernetes pkg/registry/core/pod/strategy.go (podEphemeralContainersStrategy) and
 * pkg/apis/core/validation ValidatePodEphemeralContainersUpdate (v1.32).
 */
import type { KubeObject } from '../api/meta';
import { deepEqual } from '../api/deep-equal';
import { invalid, type StatusCause } from './errors';
import { forbiddenField } from './field-errors';
import { defaultContainer } from './strategies/pod-defaults';
import { validatePodSpec } from './strategies/pod-spec-validation';
import { isMirrorPod } from '../api/mirror-pod';


/** STATIC_PODS_REFUSED is the validation's text for a mirror pod. */
export const STATIC_PODS_REFUSED = 'static pods do not support ephemeral containers';

/** withEphemeralContainers is the stored pod with the sent ephemeral containers (defaulted), or throws 422 Invalid. */
export function withEphemeralContainers(current: KubeObject, sent: KubeObject): KubeObject {
  const name = current.metadata.name!;
  const refuse = (causes: StatusCause[]) => invalid({ group: '', kind: 'Pod' }, name, causes);
  if (isMirrorPod(current)) throw refuse([forbiddenField('', STATIC_PODS_REFUSED)]);
  const next = structuredClone(current);
  const list: Record<string, unknown>[] = structuredClone(sent.spec?.ephemeralContainers ?? []);
  for (const c of list) defaultContainer(c);
  next.spec.ephemeralContainers = list.length ? list : undefined;
  if (!list.length) delete next.spec.ephemeralContainers;
  // The pod's own validation first (a name is the container's across the pod's three lists)…
  const causes: StatusCause[] = [];
  const taken = new Set([...(current.spec?.initContainers ?? []), ...(current.spec?.containers ?? [])].map((c: { name: string }) => c.name));
  list.forEach((c, i) => {
    if (taken.has(c.name as string)) causes.push({ field: `spec.ephemeralContainers[${i}].name`, message: `Duplicate value: "${c.name}"` });
    taken.add(c.name as string);
  });
  causes.push(...validatePodSpec('spec', next.spec));
  // …then ephemeral containers stay as they were added: each one stored must come back unchanged.
  for (const old of current.spec?.ephemeralContainers ?? []) {
    const now = list.find((c) => c.name === old.name);
    if (!now || !deepEqual(now, old)) causes.push(forbiddenField('spec.ephemeralContainers', `existing ephemeral containers "${old.name}" may not be changed`));
  }
  if (causes.length) throw refuse(causes);
  return next;
}
