/**
 * component-reads-api: the API a component reconciles with reads objects without their
 * managedFields, as kube-controller-manager's and kube-scheduler's informers strip them
 * (TransformStripManagedFields): no controller, plugin or kubelet looks at them, and they are a
 * third of a pod's body. A write still reads the stored object whole, and one sent without
 * managedFields keeps the stored ones (managed-fields' recordUpdate), so nothing is lost.
 */
import { WITHOUT_MANAGED_FIELDS } from '../store/store';
import type { ApiServer } from './apiserver';

/** DECODING_READS are the ApiClient reads that decode objects. */
const DECODING_READS = new Set(['get', 'tryGet', 'list', 'each', 'podsOnNode', 'listControlledBy']);

/** componentReadsApi wraps api so that its decoding reads leave managedFields out; everything else passes straight through. */
export function componentReadsApi(api: ApiServer): ApiServer {
  // Bound once per method, not per call (components call the API in hot loops), and again if the
  // method is replaced (a test's spy).
  const bound = new Map<PropertyKey, { value: unknown; fn: unknown }>();
  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const cached = bound.get(prop);
      if (cached !== undefined && cached.value === value) return cached.fn;
      const fn = typeof prop === 'string' && DECODING_READS.has(prop)
        ? (...args: unknown[]) => {
          const before = target.readView;
          target.readView = WITHOUT_MANAGED_FIELDS;
          try { return value.apply(target, args); } finally { target.readView = before; }
        }
        : value.bind(target);
      bound.set(prop, { value, fn });
      return fn;
    },
  });
}
