/** pod-template: the PodTemplate printer (printers.go printPodTemplate); it has no AGE column. */
import type { PodTemplate } from '../../api/types/kinds';
import { containerImages, containerNames, formatLabels, nameCell } from './cells';
import { col, type TableDef } from './table-def';

/** podTemplateTable is the PodTemplate printer. */
export const podTemplateTable: TableDef = {
  columns: [col('Name'), col('Containers'), col('Images'), col('Pod Labels')],
  cells(pt: PodTemplate): string[] {
    const tpl = pt.template;
    return [nameCell(pt), containerNames(tpl?.spec), containerImages(tpl?.spec), formatLabels(tpl?.metadata?.labels)];
  },
};
