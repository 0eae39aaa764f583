/**
 * admission-name: the name an admission plugin's 403 carries (admission.NewForbidden). On
 * create, name generation has not happened yet, so a generateName-only object is reported by
 * its prefix ("pods \"web-\" is forbidden: …"), and a nameless one as "Unknown".
 */
import type { KubeObject } from '../../api/meta';

/** UNKNOWN_NAME is what upstream reports when the object has neither name nor generateName. */
export const UNKNOWN_NAME = 'Unknown';

/** admissionName returns metadata.name, else metadata.generateName, else "Unknown". */
export function admissionName(obj: KubeObject): string {
  return obj.metadata?.name || obj.metadata?.generateName || UNKNOWN_NAME;
}
