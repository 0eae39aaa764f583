/**
 * admission-chain: the admission plugins a v1.32 API server runs on create, in order —
 * ServiceAccount, Priority, DefaultTolerationSeconds for pods; LimitRanger and
 * ResourceQuota where their objects exist.
 */
import type { KubeObject } from '../api/meta';
import type { Store } from '../store/store';
import type { Rand } from '../sim/rand';
import { admitDefaultTolerations, admitPriority, admitServiceAccount } from './strategies';
import { forbidden } from './errors';

/** PRIORITY_CLASS_NOT_FOUND is the Priority plugin's rejection. */
export const priorityClassNotFound = (name: string): string => `no PriorityClass with name ${name} was found`;

/** admitCreate mutates and checks a new object as the admission chain does; throws 403 Forbidden. */
export function admitCreate(obj: KubeObject, store: Store, rand: Rand): void {
  if (obj.kind !== 'Pod') return;
  admitServiceAccount(obj, rand.suffix(5));
  const pcName: string | undefined = obj.spec?.priorityClassName;
  if (pcName) {
    const pc = store.get({ kind: 'PriorityClass', name: pcName });
    if (!pc) throw forbidden('', 'pods', obj.metadata.name ?? '', priorityClassNotFound(pcName));
    admitPriority(obj, pc.value ?? 0, pc.preemptionPolicy ?? 'PreemptLowerPriority');
  } else {
    admitPriority(obj);
  }
  admitDefaultTolerations(obj);
}
