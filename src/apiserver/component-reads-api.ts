/**
 * component-reads-api: the API a component reconciles with reads objects without their
 * managedFields, as kube-controller-manager's and kube-scheduler's informers strip them
 * (TransformStripManagedFields): no controller, plugin or kubelet looks at them, and they are a
 * third of a pod's body. A write still reads the stored object whole, and one sent without
 * managedFields keeps the stored ones (managed-fields' recordUpdate), so nothing is lost.
 */
import { WITHOUT_MANAGED_FIELDS } from '../store/store';
import type { ApiServer } from './apiserver';
import { methodProxy } from './method-proxy';

/** DECODING_READS are the ApiClient reads that decode objects. */
const DECODING_READS = new Set(['get', 'tryGet', 'list', 'each', 'podsOnNode', 'listControlledBy']);

/** componentReadsApi wraps api so that its decoding reads leave managedFields out; everything else passes straight through. */
export function componentReadsApi(api: ApiServer): ApiServer {
  return methodProxy(api, (name, method) => (typeof name === 'string' && DECODING_READS.has(name)
    ? (...args: unknown[]) => {
      const before = api.readView;
      api.readView = WITHOUT_MANAGED_FIELDS;
      try { return method.apply(api, args); } finally { api.readView = before; }
    }
    : undefined));
}
