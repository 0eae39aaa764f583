/**
 * resource-versions: resourceVersions are positive decimal integers, unique across all
 * objects (one global revision per write, etcd's mod_revision), and none is ahead of the
 * store's current revision.
 */
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** RESOURCE_VERSIONS is the check's name. */
export const RESOURCE_VERSIONS = 'resource-versions';

/** resourceVersions checks uniqueness and range. */
export const resourceVersions: InvariantCheck = {
  name: RESOURCE_VERSIONS,
  run(index) {
    const out: Violation[] = [];
    const seen = new Map<string, string>();
    for (const o of index.objects) {
      const rv = o.metadata?.resourceVersion;
      const ref = refOf(o);
      if (!rv || !/^[1-9][0-9]*$/.test(rv)) {
        out.push({ check: RESOURCE_VERSIONS, object: ref, message: `resourceVersion ${JSON.stringify(rv)} is not a positive integer` });
        continue;
      }
      const other = seen.get(rv);
      if (other) out.push({ check: RESOURCE_VERSIONS, object: ref, message: `resourceVersion ${rv} is also held by ${other}` });
      else seen.set(rv, ref);
      if (index.revision !== undefined && Number(rv) > index.revision) out.push({ check: RESOURCE_VERSIONS, object: ref, message: `resourceVersion ${rv} is ahead of the store revision ${index.revision}` });
    }
    return out;
  },
};
