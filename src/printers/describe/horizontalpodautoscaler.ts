/**
 * horizontalpodautoscaler: `kubectl describe hpa` in the autoscaling/v2 layout (kubectl
 * describeHorizontalPodAutoscalerV2): one "current / target" line per metric, the replica
 * bounds, the scaling behavior, the target's pod counts, Conditions, then Events.
 */
import type { HPAScalingPolicy, HPAScalingRules, HorizontalPodAutoscalerCondition, MetricSpec, MetricStatus } from '../../api/types/autoscaling-v2';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefix-writer';
import { canonicalQuantity } from '../../api/quantity';
import { formatRFC1123Z } from './time-format';

/** UNKNOWN_CURRENT is printed while the autoscaler has not observed a metric yet. */
export const UNKNOWN_CURRENT = '<unknown>';

// Quantity.String() of an optional quantity: Go prints a nil *Quantity as <nil>.
const qty = (v: string | number | undefined | null): string => (v === undefined || v === null ? '<nil>' : canonicalQuantity(v));
// Go's %q of a metric name (names are plain ASCII, where JSON quoting agrees).
const quote = (s: string | undefined): string => JSON.stringify(s ?? '');
const isSet = (v: unknown): boolean => v !== undefined && v !== null;

function describeMetric(metric: any, current: any, w: PrefixWriter): void {
  switch (metric.type) {
    case 'External': {
      const m = metric.external ?? {};
      const cur = current?.external;
      if (isSet(m.target?.averageValue)) {
        const c = isSet(cur?.current?.averageValue) ? qty(cur.current.averageValue) : UNKNOWN_CURRENT;
        w.write(LEVEL_1, `${quote(m.metric?.name)} (target average value):\t${c} / ${qty(m.target.averageValue)}\n`);
      } else {
        const c = cur ? qty(cur.current?.value) : UNKNOWN_CURRENT;
        w.write(LEVEL_1, `${quote(m.metric?.name)} (target value):\t${c} / ${qty(m.target?.value)}\n`);
      }
      return;
    }
    case 'Pods': {
      const m = metric.pods ?? {};
      const c = current?.pods ? qty(current.pods.current?.averageValue) : UNKNOWN_CURRENT;
      w.write(LEVEL_1, `${quote(m.metric?.name)} on pods:\t${c} / ${qty(m.target?.averageValue)}\n`);
      return;
    }
    case 'Object': {
      const m = metric.object ?? {};
      const cur = current?.object;
      w.write(LEVEL_1, `"${m.metric?.name ?? ''}" on ${m.describedObject?.kind ?? ''}/${m.describedObject?.name ?? ''} `);
      if (m.target?.type === 'AverageValue') {
        w.write(LEVEL_0, `(target average value):\t${cur ? qty(cur.current?.averageValue) : UNKNOWN_CURRENT} / ${qty(m.target.averageValue)}\n`);
      } else {
        w.write(LEVEL_0, `(target value):\t${cur ? qty(cur.current?.value) : UNKNOWN_CURRENT} / ${qty(m.target?.value)}\n`);
      }
      return;
    }
    case 'Resource':
    case 'ContainerResource': {
      const container = metric.type === 'ContainerResource';
      const m = (container ? metric.containerResource : metric.resource) ?? {};
      const cur = container ? current?.containerResource : current?.resource;
      w.write(LEVEL_1, container ? `resource ${m.name ?? ''} of container "${m.container ?? ''}" on pods` : `resource ${m.name ?? ''} on pods`);
      if (isSet(m.target?.averageValue)) {
        w.write(LEVEL_0, `:\t${cur ? qty(cur.current?.averageValue) : UNKNOWN_CURRENT} / ${qty(m.target.averageValue)}\n`);
      } else {
        const c = cur && isSet(cur.current?.averageUtilization) ? `${cur.current.averageUtilization}% (${qty(cur.current.averageValue)})` : UNKNOWN_CURRENT;
        const target = isSet(m.target?.averageUtilization) ? `${m.target.averageUtilization}%` : '<auto>';
        w.write(LEVEL_1, `(as a percentage of request):\t${c} / ${target}\n`);
      }
      return;
    }
    default:
      w.write(LEVEL_1, `<unknown metric type ${quote(metric.type)}>\n`);
  }
}

function printDirectionBehavior(w: PrefixWriter, direction: string, rules: HPAScalingRules): void {
  if (!rules) return;
  w.write(LEVEL_1, `${direction}:\n`);
  if (isSet(rules.stabilizationWindowSeconds)) w.write(LEVEL_2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  const policies: HPAScalingPolicy[] = rules.policies ?? [];
  if (policies.length === 0) return;
  w.write(LEVEL_2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
  w.write(LEVEL_2, 'Policies:\n');
  for (const p of policies) w.write(LEVEL_3, `- Type: ${p.type ?? ''}\tValue: ${p.value ?? 0}\tPeriod: ${p.periodSeconds ?? 0} seconds\n`);
}

/** describeHorizontalPodAutoscaler renders an autoscaling/v2 HorizontalPodAutoscaler. */
export function describeHorizontalPodAutoscaler(hpa: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = hpa.spec ?? {};
  const status = hpa.status ?? {};
  const ref = spec.scaleTargetRef ?? {};
  w.write(LEVEL_0, `Name:\t${hpa.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${hpa.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', hpa.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', hpa.metadata.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(hpa.metadata.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Reference:\t${ref.kind ?? ''}/${ref.name ?? ''}\n`);
  w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
  const currents: MetricStatus[] = status.currentMetrics ?? [];
  (spec.metrics ?? []).forEach((m: MetricSpec, i: number) => describeMetric(m, currents[i], w));
  w.write(LEVEL_0, `Min replicas:\t${isSet(spec.minReplicas) ? spec.minReplicas : '<unset>'}\n`);
  w.write(LEVEL_0, `Max replicas:\t${spec.maxReplicas ?? 0}\n`);
  if (spec.behavior) {
    w.write(LEVEL_0, 'Behavior:\n');
    printDirectionBehavior(w, 'Scale Up', spec.behavior.scaleUp);
    printDirectionBehavior(w, 'Scale Down', spec.behavior.scaleDown);
  }
  w.write(LEVEL_0, `${ref.kind ?? ''} pods:\t${status.currentReplicas ?? 0} current / ${status.desiredReplicas ?? 0} desired\n`);
  const conditions: HorizontalPodAutoscalerCondition[] = status.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------\t-------\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type ?? ''}\t${c.status ?? ''}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
