/**
 * namespace-exists: every namespaced object lives in a Namespace that exists — nothing is
 * left behind once the namespace controller has finished deleting a namespace.
 */
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** NAMESPACE_EXISTS is the check's name. */
export const NAMESPACE_EXISTS = 'namespace-exists';

/** namespaceExists checks namespaced objects against the Namespace objects. */
export const namespaceExists: InvariantCheck = {
  name: NAMESPACE_EXISTS,
  run(index) {
    const out: Violation[] = [];
    for (const o of index.objects) {
      const ns = o.metadata?.namespace;
      if (ns && !index.hasNamespace(ns)) out.push({ check: NAMESPACE_EXISTS, object: refOf(o), message: `namespace "${ns}" does not exist` });
    }
    return out;
  },
};
