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

/** serviceAccountNotFound is the ServiceAccount plugin's rejection. */
export const serviceAccountNotFound = (ns: string, name: string): string =>
  `error looking up service account ${ns}/${name}: serviceaccount "${name}" not found`;

/** admitCreate mutates and checks a new object as the admission chain does; throws 403 Forbidden. */
export function admitCreate(obj: KubeObject, store: Store, rand: Rand): void {
  if (obj.kind !== 'Pod') return;
  const sa: string | undefined = obj.spec?.serviceAccountName || obj.spec?.serviceAccount;
  // kubemu: the "default" account is not required to exist yet (the namespace's first pods can race its creation upstream).
  if (sa && sa !== 'default' && !store.get({ kind: 'ServiceAccount', namespace: obj.metadata.namespace, name: sa })) {
    throw forbidden('', 'pods', obj.metadata.name ?? '', serviceAccountNotFound(obj.metadata.namespace ?? 'default', sa));
  }
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
