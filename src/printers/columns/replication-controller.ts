/** replication-controller: the ReplicationController printer (printers.go printReplicationController). */
import type { KubeObject } from '../../api/meta';
import { ageCell, containerImages, containerNames, formatLabels, nameCell, num } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** replicationControllerTable is the ReplicationController printer; its selector is a plain map. */
export const replicationControllerTable: TableDef = {
  columns: [col('Name'), col('Desired'), col('Current'), col('Ready'), col('Age'),
    wide('Containers'), wide('Images'), wide('Selector')],
  cells(rc: KubeObject, ctx: PrintContext): string[] {
    const tpl = rc.spec?.template?.spec;
    return [nameCell(rc), String(rc.spec?.replicas ?? 1), num(rc.status?.replicas), num(rc.status?.readyReplicas),
      ageCell(rc, ctx), containerNames(tpl), containerImages(tpl), formatLabels(rc.spec?.selector)];
  },
};
