/** cronjob: the CronJob printer (printers.go printCronJob). */
import type { KubeObject } from '../../api/meta';
import { formatLabelSelector } from '../../api/label-selector';
import { age } from '../age';
import { ageCell, containerImages, containerNames, nameCell, NONE, UNSET } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** cronJobTable is the CronJob printer; SUSPEND prints "True"/"False" (not Go's lower-case bools). */
export const cronJobTable: TableDef = {
  columns: [col('Name'), col('Schedule'), col('Timezone'), col('Suspend'), col('Active'), col('Last Schedule'),
    col('Age'), wide('Containers'), wide('Images'), wide('Selector')],
  cells(cj: KubeObject, ctx: PrintContext): string[] {
    const suspend = cj.spec?.suspend;
    const last = cj.status?.lastScheduleTime;
    const jobSpec = cj.spec?.jobTemplate?.spec;
    return [nameCell(cj), cj.spec?.schedule ?? '', cj.spec?.timeZone ?? NONE,
      suspend == null ? UNSET : suspend ? 'True' : 'False', String((cj.status?.active ?? []).length),
      last ? age(last, ctx.now) : NONE, ageCell(cj, ctx),
      containerNames(jobSpec?.template?.spec), containerImages(jobSpec?.template?.spec),
      formatLabelSelector(jobSpec?.selector)];
  },
};
