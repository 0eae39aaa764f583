/** daemonset: the DaemonSet printer (printers.go printDaemonSet). */
import type { KubeObject } from '../../api/meta';
import { formatLabelSelector } from '../../api/label-selector';
import { ageCell, containerImages, containerNames, formatLabels, nameCell, num } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** daemonSetTable is the DaemonSet printer: scheduling counters from status, NODE SELECTOR from the template. */
export const daemonSetTable: TableDef = {
  columns: [col('Name'), col('Desired'), col('Current'), col('Ready'), col('Up-to-date'), col('Available'),
    col('Node Selector'), col('Age'), wide('Containers'), wide('Images'), wide('Selector')],
  cells(ds: KubeObject, ctx: PrintContext): string[] {
    const st = ds.status ?? {};
    const tpl = ds.spec?.template?.spec;
    return [nameCell(ds), num(st.desiredNumberScheduled), num(st.currentNumberScheduled), num(st.numberReady),
      num(st.updatedNumberScheduled), num(st.numberAvailable), formatLabels(tpl?.nodeSelector), ageCell(ds, ctx),
      containerNames(tpl), containerImages(tpl), formatLabelSelector(ds.spec?.selector)];
  },
};
