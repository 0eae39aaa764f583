/**
 * controller-ref: the controlling owner reference of an object (metav1.GetControllerOf)
 * and the `Controlled By:` text built from it.
 */
import type { KubeObject, OwnerReference } from '../../api/meta';

/** controllerOf returns the ownerReference with controller=true, if any. */
export function controllerOf(obj: KubeObject): OwnerReference | undefined {
  return (obj.metadata.ownerReferences ?? []).find((r) => r.controller === true);
}

/** printController renders "<Kind>/<name>" of the controller, or "" when there is none. */
export function printController(obj: KubeObject): string {
  const ref = controllerOf(obj);
  return ref ? `${ref.kind}/${ref.name}` : '';
}

/** isControlledBy reports whether obj's controller reference points at owner's uid. */
export function isControlledBy(obj: KubeObject, owner: KubeObject): boolean {
  const ref = controllerOf(obj);
  return !!ref && !!owner.metadata.uid && ref.uid === owner.metadata.uid;
}
