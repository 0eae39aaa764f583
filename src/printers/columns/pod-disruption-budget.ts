/** pod-disruption-budget: the PodDisruptionBudget printer (printers.go printPodDisruptionBudget). */
import type { KubeObject } from '../../api/meta';
import { ageCell, intOrString, nameCell, num } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** NOT_APPLICABLE is MIN AVAILABLE / MAX UNAVAILABLE when that field is unset. */
export const NOT_APPLICABLE = 'N/A';

/** pdbTable is the PDB printer. */
export const pdbTable: TableDef = {
  columns: [col('Name'), col('Min Available'), col('Max Unavailable'), col('Allowed Disruptions'), col('Age')],
  cells(pdb: KubeObject, ctx: PrintContext): string[] {
    const min = pdb.spec?.minAvailable;
    const max = pdb.spec?.maxUnavailable;
    return [nameCell(pdb), min == null ? NOT_APPLICABLE : intOrString(min), max == null ? NOT_APPLICABLE : intOrString(max),
      num(pdb.status?.disruptionsAllowed), ageCell(pdb, ctx)];
  },
};
