/** statefulset: the StatefulSet printer (printers.go printStatefulSet); it has no selector column. */
import type { KubeObject } from '../../api/meta';
import { ageCell, containerImages, containerNames, nameCell, num } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** statefulSetTable is the StatefulSet printer: READY is readyReplicas/spec.replicas. */
export const statefulSetTable: TableDef = {
  columns: [col('Name'), col('Ready'), col('Age'), wide('Containers'), wide('Images')],
  cells(s: KubeObject, ctx: PrintContext): string[] {
    const tpl = s.spec?.template?.spec;
    return [nameCell(s), `${num(s.status?.readyReplicas)}/${s.spec?.replicas ?? 1}`, ageCell(s, ctx),
      containerNames(tpl), containerImages(tpl)];
  },
};
