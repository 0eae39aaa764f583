/** replicaset: the ReplicaSet printer (printers.go printReplicaSet). */
import type { KubeObject } from '../../api/meta';
import { formatLabelSelector } from '../../api/label-selector';
import { ageCell, containerImages, containerNames, nameCell, num } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** replicaSetTable is the ReplicaSet printer: DESIRED / CURRENT / READY replica counts. */
export const replicaSetTable: TableDef = {
  columns: [col('Name'), col('Desired'), col('Current'), col('Ready'), col('Age'),
    wide('Containers'), wide('Images'), wide('Selector')],
  cells(rs: KubeObject, ctx: PrintContext): string[] {
    const tpl = rs.spec?.template?.spec;
    return [nameCell(rs), String(rs.spec?.replicas ?? 1), num(rs.status?.replicas), num(rs.status?.readyReplicas),
      ageCell(rs, ctx), containerNames(tpl), containerImages(tpl), formatLabelSelector(rs.spec?.selector)];
  },
};
