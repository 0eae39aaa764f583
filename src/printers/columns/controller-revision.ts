/** controller-revision: the ControllerRevision printer (printers.go printControllerRevision). */
import type { ControllerRevision } from '../../api/types/kinds';
import { parseApiVersion } from '../../api/registry';
import { ageCell, nameCell, NONE, num } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** controllerRevisionTable is the ControllerRevision printer; CONTROLLER is "daemonset.apps/<name>". */
export const controllerRevisionTable: TableDef = {
  columns: [col('Name'), col('Controller'), col('Revision'), col('Age')],
  cells(cr: ControllerRevision, ctx: PrintContext): string[] {
    const owner = (cr.metadata?.ownerReferences ?? []).find((o) => o.controller);
    let controller = NONE;
    if (owner) {
      const { group } = parseApiVersion(owner.apiVersion ?? '');
      const kind = owner.kind.toLowerCase();
      controller = `${group ? `${kind}.${group}` : kind}/${owner.name}`;
    }
    return [nameCell(cr), controller, num(cr.revision), ageCell(cr, ctx)];
  },
};
