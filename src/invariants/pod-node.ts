/**
 * pod-node: no pod is bound (spec.nodeName) to a node that does not exist. Upstream the
 * pod garbage collector removes such orphans; in kubemu none may be left at quiescence.
 */
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** POD_NODE_EXISTS is the check's name. */
export const POD_NODE_EXISTS = 'pod-node-exists';

/** podNodeExists checks pod bindings. */
export const podNodeExists: InvariantCheck = {
  name: POD_NODE_EXISTS,
  run(index) {
    const out: Violation[] = [];
    for (const p of index.ofKind('Pod')) {
      const n = p.spec?.nodeName;
      if (n && !index.node(n)) out.push({ check: POD_NODE_EXISTS, object: refOf(p), message: `bound to node "${n}", which does not exist` });
    }
    return out;
  },
};
