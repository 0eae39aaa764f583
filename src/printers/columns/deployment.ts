/** deployment: the Deployment printer (printers.go printDeployment). */
import type { KubeObject } from '../../api/meta';
import { formatLabelSelector } from '../../api/label-selector';
import { ageCell, containerImages, containerNames, nameCell, num } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** deploymentTable is the Deployment printer: READY is readyReplicas/spec.replicas. */
export const deploymentTable: TableDef = {
  columns: [col('Name'), col('Ready'), col('Up-to-date'), col('Available'), col('Age'),
    wide('Containers'), wide('Images'), wide('Selector')],
  cells(d: KubeObject, ctx: PrintContext): string[] {
    const tpl = d.spec?.template?.spec;
    // spec.replicas is defaulted to 1 by the apiserver; the fallback only matters for raw objects.
    return [nameCell(d), `${num(d.status?.readyReplicas)}/${d.spec?.replicas ?? 1}`,
      num(d.status?.updatedReplicas), num(d.status?.availableReplicas), ageCell(d, ctx),
      containerNames(tpl), containerImages(tpl), formatLabelSelector(d.spec?.selector)];
  },
};
