/** horizontal-pod-autoscaler: the HPA printer (printers.go printHorizontalPodAutoscaler, formatHPAMetrics). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell, NONE, num, UNKNOWN, UNSET } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** MAX_HPA_METRICS is how many metrics TARGETS lists before " + N more...". */
export const MAX_HPA_METRICS = 2;

type Q = string | number | undefined;
interface Target { type?: string; value?: Q; averageValue?: Q; averageUtilization?: number }
interface Current { value?: Q; averageValue?: Q; averageUtilization?: number }

function q(v: Q): string {
  return v == null ? '0' : String(v);
}

function formatMetric(spec: any, status: any): string {
  switch (spec?.type) {
    case 'External':
    case 'Object': {
      const key = spec.type === 'External' ? 'external' : 'object';
      const target: Target = spec[key]?.target ?? {};
      const current: Current | undefined = status?.[key]?.current;
      if (target.averageValue != null) {
        const cur = current?.averageValue != null ? q(current.averageValue) : UNKNOWN;
        return `${cur}/${q(target.averageValue)} (avg)`;
      }
      return `${current ? q(current.value) : UNKNOWN}/${q(target.value)}`;
    }
    case 'Pods': {
      const current: Current | undefined = status?.pods?.current;
      return `${current ? q(current.averageValue) : UNKNOWN}/${q(spec.pods?.target?.averageValue)}`;
    }
    case 'Resource':
    case 'ContainerResource': {
      const key = spec.type === 'Resource' ? 'resource' : 'containerResource';
      const src = spec[key] ?? {};
      const target: Target = src.target ?? {};
      const current: Current | undefined = status?.[key]?.current;
      if (target.averageValue != null) {
        return `${src.name}: ${current ? q(current.averageValue) : UNKNOWN}/${q(target.averageValue)}`;
      }
      const cur = current?.averageUtilization != null ? `${current.averageUtilization}%` : UNKNOWN;
      const tgt = target.averageUtilization != null ? `${target.averageUtilization}%` : '<auto>';
      return `${src.name}: ${cur}/${tgt}`;
    }
    default:
      return '<unknown type>';
  }
}

/**
 * hpaTargets is TARGETS: one entry per spec metric (status matched by position), at most 2,
 * joined ", "; "<none>" without metrics.
 */
export function hpaTargets(specs: unknown[] | undefined, statuses: unknown[] | undefined): string {
  if (!specs || specs.length === 0) return NONE;
  const list = specs.map((s, i) => formatMetric(s, statuses?.[i]));
  const shown = list.slice(0, MAX_HPA_METRICS).join(', ');
  return list.length > MAX_HPA_METRICS ? `${shown} + ${list.length - MAX_HPA_METRICS} more...` : shown;
}

/** hpaTable is the HorizontalPodAutoscaler printer (autoscaling/v2 field layout). */
export const hpaTable: TableDef = {
  columns: [col('Name'), col('Reference'), col('Targets'), col('MinPods'), col('MaxPods'), col('Replicas'), col('Age')],
  cells(hpa: KubeObject, ctx: PrintContext): string[] {
    const ref = hpa.spec?.scaleTargetRef ?? {};
    const min = hpa.spec?.minReplicas;
    return [nameCell(hpa), `${ref.kind ?? ''}/${ref.name ?? ''}`,
      hpaTargets(hpa.spec?.metrics, hpa.status?.currentMetrics), min == null ? UNSET : String(min),
      num(hpa.spec?.maxReplicas), num(hpa.status?.currentReplicas), ageCell(hpa, ctx)];
  },
};
