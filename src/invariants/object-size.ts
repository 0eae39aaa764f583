/**
 * object-size: no stored object is larger than etcd's default request limit of 1.5 MiB
 * (--max-request-bytes), measured as its JSON encoding in UTF-8 bytes.
 */
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** OBJECT_SIZE is the check's name. */
export const OBJECT_SIZE = 'object-size';

import { MAX_OBJECT_BYTES } from '../store/store';

export { MAX_OBJECT_BYTES };

/** objectSize checks every object's encoded size. */
export const objectSize: InvariantCheck = {
  name: OBJECT_SIZE,
  run(index) {
    const out: Violation[] = [];
    for (const o of index.objects) {
      const bytes = Buffer.byteLength(JSON.stringify(o), 'utf8');
      if (bytes > MAX_OBJECT_BYTES) out.push({ check: OBJECT_SIZE, object: refOf(o), message: `${bytes} bytes, over the ${MAX_OBJECT_BYTES}-byte limit` });
    }
    return out;
  },
};
