/**
 * owners: every object with a controller ownerReference has a live owner of that kind, or
 * is itself being deleted (the garbage collector got to it). Mirrors the guarantee of
 * kubernetes/kubernetes pkg/controller/garbagecollector: dependents do not outlive owners.
 */
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** OWNER_EXISTS is the check's name. */
export const OWNER_EXISTS = 'owner-exists';

/** ownerExists checks controller ownerReferences. */
export const ownerExists: InvariantCheck = {
  name: OWNER_EXISTS,
  run(index) {
    const out: Violation[] = [];
    for (const o of index.objects) {
      const ref = o.metadata?.ownerReferences?.find((r) => r.controller);
      // Being deleted counts as "being collected": with a manual clock a pod's grace period
      // runs only when time moves, so it may legitimately linger.
      if (!ref || o.metadata.deletionTimestamp) continue;
      const owner = index.byUid(ref.uid);
      if (!owner) {
        out.push({ check: OWNER_EXISTS, object: refOf(o), message: `controller owner ${ref.kind} ${ref.name} (uid ${ref.uid}) does not exist` });
      } else if (owner.kind !== ref.kind || owner.metadata.name !== ref.name) {
        out.push({ check: OWNER_EXISTS, object: refOf(o), message: `ownerReference names ${ref.kind} ${ref.name} but uid ${ref.uid} is ${refOf(owner)}` });
      }
    }
    return out;
  },
};
