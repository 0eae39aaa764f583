/** validating-admission-policy-binding: the ValidatingAdmissionPolicyBinding printer. */
import type { KubeObject } from '../../api/meta';
import { formatLabelSelector } from '../../api/label-selector';
import { ageCell, nameCell, UNSET } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** paramRefCell is "<ns>/<name>" (namespace "*" when unset), else the selector, else "<unset>". */
export function paramRefCell(ref: { name?: string; namespace?: string; selector?: object } | undefined): string {
  if (!ref) return UNSET;
  if (ref.name) return ref.namespace ? `${ref.namespace}/${ref.name}` : `*/${ref.name}`;
  if (ref.selector) return formatLabelSelector(ref.selector);
  return UNSET;
}

/** validatingAdmissionPolicyBindingTable prints NAME, POLICYNAME, PARAMREF, AGE. */
export const validatingAdmissionPolicyBindingTable: TableDef = {
  columns: [col('Name'), col('PolicyName'), col('ParamRef'), col('Age')],
  cells(b: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(b), b.spec?.policyName ?? '', paramRefCell(b.spec?.paramRef), ageCell(b, ctx)];
  },
};
