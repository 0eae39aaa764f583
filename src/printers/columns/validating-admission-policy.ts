/** validating-admission-policy: the ValidatingAdmissionPolicy printer (printers.go printValidatingAdmissionPolicy). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell, UNSET } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** validatingAdmissionPolicyTable: VALIDATIONS counts rules; PARAMKIND is "<apiVersion>/<kind>" or "<unset>". */
export const validatingAdmissionPolicyTable: TableDef = {
  columns: [col('Name'), col('Validations'), col('ParamKind'), col('Age')],
  cells(p: KubeObject, ctx: PrintContext): string[] {
    const pk = p.spec?.paramKind;
    return [nameCell(p), String((p.spec?.validations ?? []).length),
      pk ? `${pk.apiVersion ?? ''}/${pk.kind ?? ''}` : UNSET, ageCell(p, ctx)];
  },
};
