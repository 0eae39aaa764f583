/**
 * hpa-v1: HorizontalPodAutoscaler between autoscaling/v1 and the stored autoscaling/v2, as
 * kube-apiserver converts it (pkg/apis/autoscaling/v1/conversion.go). v1 holds only a CPU
 * utilization target; every v2 field it cannot express (other metrics, current metrics,
 * conditions, behavior) travels in autoscaling.alpha.kubernetes.io/* annotations, so a v1
 * client that reads an object and writes it back loses nothing.
 */
import type { KubeObject } from '../../api/meta';

/** METRIC_SPECS_ANNOTATION carries the spec metrics v1 has no field for. */
export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
/** METRIC_STATUSES_ANNOTATION carries status.currentMetrics. */
export const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
/** CONDITIONS_ANNOTATION carries status.conditions. */
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
/** BEHAVIOR_ANNOTATION carries spec.behavior (Go field names: upstream marshals its internal type). */
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';
/** DEFAULT_CPU_UTILIZATION is the CPU target a v1 object without one gets. */
export const DEFAULT_CPU_UTILIZATION = 80;

const ROUND_TRIP = [METRIC_SPECS_ANNOTATION, BEHAVIOR_ANNOTATION, METRIC_STATUSES_ANNOTATION, CONDITIONS_ANNOTATION];

type Obj = Record<string, any>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Obj | undefined, k: string): boolean => !!o && o[k] !== undefined && o[k] !== null;

/** goMarshal is json.Marshal of a value built in Go field order: compact, HTML-safe. */
function goMarshal(v: unknown): string {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * dropRoundTripAnnotations removes the conversion annotations (DropRoundTripHorizontalPodAutoscalerAnnotations):
 * only ones a conversion just produced may reach a v1 reader, and none is ever stored.
 */
export function dropRoundTripAnnotations(obj: KubeObject): KubeObject {
  const ann = obj.metadata?.annotations;
  if (!ann || !ROUND_TRIP.some((k) => k in ann)) return obj;
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(ann)) if (!ROUND_TRIP.includes(k)) kept[k] = v;
  const metadata = { ...obj.metadata, annotations: kept };
  if (!Object.keys(kept).length) delete (metadata as Obj).annotations;
  return { ...obj, metadata };
}

function setAnnotation(obj: KubeObject, key: string, value: string): void {
  obj.metadata = { ...obj.metadata, annotations: { ...(obj.metadata?.annotations ?? {}), [key]: value } };
}

function ref(r: Obj | undefined): Obj {
  const out: Obj = { kind: r?.kind ?? '', name: r?.name ?? '' };
  if (r?.apiVersion) out.apiVersion = r.apiVersion;
  return out;
}

function sortedMap(m: Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(m).sort()) out[k] = m[k];
  return out;
}

/** selector is a LabelSelector in Go order (matchLabels is a map: sorted keys). */
function selector(s: Obj): Obj {
  const out: Obj = {};
  if (isObj(s.matchLabels)) out.matchLabels = sortedMap(s.matchLabels);
  if (Array.isArray(s.matchExpressions)) out.matchExpressions = s.matchExpressions;
  return out;
}

const isCpuUtilization = (m: Obj): boolean =>
  m?.type === 'Resource' && m.resource?.name === 'cpu' && has(m.resource?.target, 'averageUtilization');

// ---- v2 → v1 ----

/** metricSpecToV1 is Convert_autoscaling_MetricSpec_To_v1_MetricSpec (v1 field order). */
function metricSpecToV1(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  if (isObj(m.object)) {
    const o = m.object; const t = o.target ?? {};
    const v: Obj = { target: ref(o.describedObject), metricName: o.metric?.name ?? '', targetValue: t.value ?? '0' };
    if (has(o.metric, 'selector')) v.selector = selector(o.metric.selector);
    if (has(t, 'averageValue')) v.averageValue = t.averageValue;
    out.object = v;
  }
  if (isObj(m.pods)) {
    const p = m.pods;
    const v: Obj = { metricName: p.metric?.name ?? '', targetAverageValue: p.target?.averageValue ?? '0' };
    if (has(p.metric, 'selector')) v.selector = selector(p.metric.selector);
    out.pods = v;
  }
  for (const key of ['resource', 'containerResource'] as const) {
    if (!isObj(m[key])) continue;
    const r = m[key]; const t = r.target ?? {};
    const v: Obj = { name: r.name ?? '' };
    if (has(t, 'averageUtilization')) v.targetAverageUtilization = t.averageUtilization;
    if (has(t, 'averageValue')) v.targetAverageValue = t.averageValue;
    if (key === 'containerResource') v.container = r.container ?? '';
    out[key] = v;
  }
  if (isObj(m.external)) {
    const e = m.external; const t = e.target ?? {};
    const v: Obj = { metricName: e.metric?.name ?? '' };
    if (has(e.metric, 'selector')) v.metricSelector = selector(e.metric.selector);
    if (has(t, 'value')) v.targetValue = t.value;
    if (has(t, 'averageValue')) v.targetAverageValue = t.averageValue;
    out.external = v;
  }
  return out;
}

/** metricStatusToV1 is Convert_autoscaling_MetricStatus_To_v1_MetricStatus (v1 field order). */
function metricStatusToV1(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  if (isObj(m.object)) {
    const o = m.object; const c = o.current ?? {};
    const v: Obj = { target: ref(o.describedObject), metricName: o.metric?.name ?? '', currentValue: c.value ?? '0' };
    if (has(o.metric, 'selector')) v.selector = selector(o.metric.selector);
    if (has(c, 'averageValue')) v.averageValue = c.averageValue;
    out.object = v;
  }
  if (isObj(m.pods)) {
    const p = m.pods;
    const v: Obj = { metricName: p.metric?.name ?? '', currentAverageValue: p.current?.averageValue ?? '0' };
    if (has(p.metric, 'selector')) v.selector = selector(p.metric.selector);
    out.pods = v;
  }
  for (const key of ['resource', 'containerResource'] as const) {
    if (!isObj(m[key])) continue;
    const r = m[key]; const c = r.current ?? {};
    const v: Obj = { name: r.name ?? '' };
    if (has(c, 'averageUtilization')) v.currentAverageUtilization = c.averageUtilization;
    v.currentAverageValue = c.averageValue ?? '0';
    if (key === 'containerResource') v.container = r.container ?? '';
    out[key] = v;
  }
  if (isObj(m.external)) {
    const e = m.external; const c = e.current ?? {};
    const v: Obj = { metricName: e.metric?.name ?? '' };
    if (has(e.metric, 'selector')) v.metricSelector = selector(e.metric.selector);
    v.currentValue = c.value ?? '0';
    if (has(c, 'averageValue')) v.currentAverageValue = c.averageValue;
    out.external = v;
  }
  return out;
}

function conditionToV1(c: Obj): Obj {
  const out: Obj = { type: c.type ?? '', status: c.status ?? '', lastTransitionTime: c.lastTransitionTime ?? null };
  if (c.reason) out.reason = c.reason;
  if (c.message) out.message = c.message;
  return out;
}

/** behaviorToGo is the internal HorizontalPodAutoscalerBehavior as json.Marshal writes it: Go names, nil as null. */
function behaviorToGo(b: Obj): Obj {
  const rules = (r: unknown): Obj | null => (isObj(r) ? {
    StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
    SelectPolicy: r.selectPolicy ?? null,
    Policies: Array.isArray(r.policies)
      ? r.policies.map((p: Obj) => ({ Type: p.type ?? '', Value: p.value ?? 0, PeriodSeconds: p.periodSeconds ?? 0 }))
      : null,
  } : null);
  return { ScaleUp: rules(b.scaleUp), ScaleDown: rules(b.scaleDown) };
}

/** hpaToV1 serves a stored autoscaling/v2 HorizontalPodAutoscaler as autoscaling/v1. */
export function hpaToV1(v2: KubeObject): KubeObject {
  const inSpec: Obj = v2.spec ?? {};
  const inStatus: Obj = v2.status ?? {};
  const metrics: Obj[] = Array.isArray(inSpec.metrics) ? inSpec.metrics : [];
  const spec: Obj = { scaleTargetRef: ref(inSpec.scaleTargetRef) };
  if (has(inSpec, 'minReplicas')) spec.minReplicas = inSpec.minReplicas;
  spec.maxReplicas = inSpec.maxReplicas ?? 0;
  // The first CPU resource metric decides, even without a utilization target.
  const cpu = metrics.find((m) => m?.type === 'Resource' && m.resource?.name === 'cpu');
  if (cpu && has(cpu.resource?.target, 'averageUtilization')) spec.targetCPUUtilizationPercentage = cpu.resource.target.averageUtilization;
  const currents: Obj[] = Array.isArray(inStatus.currentMetrics) ? inStatus.currentMetrics : [];
  const status: Obj = {};
  if (has(inStatus, 'observedGeneration')) status.observedGeneration = inStatus.observedGeneration;
  if (has(inStatus, 'lastScaleTime')) status.lastScaleTime = inStatus.lastScaleTime;
  status.currentReplicas = inStatus.currentReplicas ?? 0;
  status.desiredReplicas = inStatus.desiredReplicas ?? 0;
  // No break upstream: the last CPU status with a utilization wins.
  for (const m of currents) {
    if (m?.type === 'Resource' && m.resource?.name === 'cpu' && has(m.resource?.current, 'averageUtilization')) {
      status.currentCPUUtilizationPercentage = m.resource.current.averageUtilization;
    }
  }
  const out: KubeObject = dropRoundTripAnnotations({ ...v2, apiVersion: 'autoscaling/v1', spec, status });
  const others = metrics.filter((m) => !isCpuUtilization(m)).map(metricSpecToV1);
  if (others.length) setAnnotation(out, METRIC_SPECS_ANNOTATION, goMarshal(others));
  if (currents.length) setAnnotation(out, METRIC_STATUSES_ANNOTATION, goMarshal(currents.map(metricStatusToV1)));
  const conditions: Obj[] = Array.isArray(inStatus.conditions) ? inStatus.conditions : [];
  if (conditions.length) setAnnotation(out, CONDITIONS_ANNOTATION, goMarshal(conditions.map(conditionToV1)));
  if (isObj(inSpec.behavior)) setAnnotation(out, BEHAVIOR_ANNOTATION, goMarshal(behaviorToGo(inSpec.behavior)));
  return out;
}

// ---- v1 → v2 ----

function identifier(name: unknown, sel: unknown): Obj {
  const out: Obj = { name: name ?? '' };
  if (isObj(sel)) out.selector = sel;
  return out;
}

/** metricSpecToV2 is Convert_v1_MetricSpec_To_autoscaling_MetricSpec (v2 field order). */
function metricSpecToV2(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  if (isObj(m.object)) {
    const o = m.object;
    const target: Obj = { type: has(o, 'averageValue') ? 'AverageValue' : 'Value', value: o.targetValue ?? '0' };
    if (has(o, 'averageValue')) target.averageValue = o.averageValue;
    out.object = { describedObject: ref(o.target), target, metric: identifier(o.metricName, o.selector) };
  }
  if (isObj(m.pods)) {
    const p = m.pods;
    out.pods = { metric: identifier(p.metricName, p.selector), target: { type: 'AverageValue', averageValue: p.targetAverageValue ?? '0' } };
  }
  for (const key of ['resource', 'containerResource'] as const) {
    if (!isObj(m[key])) continue;
    const r = m[key];
    const target: Obj = { type: has(r, 'targetAverageUtilization') ? 'Utilization' : 'AverageValue' };
    if (has(r, 'targetAverageValue')) target.averageValue = r.targetAverageValue;
    if (has(r, 'targetAverageUtilization')) target.averageUtilization = r.targetAverageUtilization;
    out[key] = key === 'resource' ? { name: r.name ?? '', target } : { name: r.name ?? '', target, container: r.container ?? '' };
  }
  if (isObj(m.external)) {
    const e = m.external;
    const target: Obj = { type: has(e, 'targetValue') ? 'Value' : 'AverageValue' };
    if (has(e, 'targetValue')) target.value = e.targetValue;
    if (has(e, 'targetAverageValue')) target.averageValue = e.targetAverageValue;
    out.external = { metric: identifier(e.metricName, e.metricSelector), target };
  }
  return out;
}

/** metricStatusToV2 is Convert_v1_MetricStatus_To_autoscaling_MetricStatus (v2 field order). */
function metricStatusToV2(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  if (isObj(m.object)) {
    const o = m.object;
    const current: Obj = { value: o.currentValue ?? '0' };
    if (has(o, 'averageValue')) current.averageValue = o.averageValue;
    out.object = { metric: identifier(o.metricName, o.selector), current, describedObject: ref(o.target) };
  }
  if (isObj(m.pods)) {
    const p = m.pods;
    out.pods = { metric: identifier(p.metricName, p.selector), current: { averageValue: p.currentAverageValue ?? '0' } };
  }
  for (const key of ['resource', 'containerResource'] as const) {
    if (!isObj(m[key])) continue;
    const r = m[key];
    const current: Obj = { averageValue: r.currentAverageValue ?? '0' };
    if (has(r, 'currentAverageUtilization')) current.averageUtilization = r.currentAverageUtilization;
    out[key] = key === 'resource' ? { name: r.name ?? '', current } : { name: r.name ?? '', current, container: r.container ?? '' };
  }
  if (isObj(m.external)) {
    const e = m.external;
    const current: Obj = { value: e.currentValue ?? '0' };
    if (has(e, 'currentAverageValue')) current.averageValue = e.currentAverageValue;
    out.external = { metric: identifier(e.metricName, e.metricSelector), current };
  }
  return out;
}

/** field reads a key as encoding/json matches it: exactly, else ignoring case. */
function field(o: Obj, name: string): unknown {
  if (name in o) return o[name];
  const k = Object.keys(o).find((x) => x.toLowerCase() === name.toLowerCase());
  return k === undefined ? undefined : o[k];
}

/** behaviorFromGo reads the behavior annotation back into v2's field names. */
function behaviorFromGo(b: Obj): Obj {
  const rules = (r: unknown): Obj | undefined => {
    if (!isObj(r)) return undefined;
    const out: Obj = {};
    const win = field(r, 'StabilizationWindowSeconds');
    if (win != null) out.stabilizationWindowSeconds = win;
    const sel = field(r, 'SelectPolicy');
    if (sel != null) out.selectPolicy = sel;
    const policies = field(r, 'Policies');
    if (Array.isArray(policies)) {
      out.policies = policies.map((p: Obj) => ({ type: field(p, 'Type') ?? '', value: field(p, 'Value') ?? 0, periodSeconds: field(p, 'PeriodSeconds') ?? 0 }));
    }
    return out;
  };
  const out: Obj = {};
  const up = rules(field(b, 'ScaleUp'));
  if (up) out.scaleUp = up;
  const down = rules(field(b, 'ScaleDown'));
  if (down) out.scaleDown = down;
  return out;
}

/** HpaAnnotationError is a round-trip annotation that is not the JSON the conversion expects. */
export class HpaAnnotationError extends Error {
  override readonly name = 'HpaAnnotationError';
}

function parseAnnotation(ann: Record<string, string>, key: string): unknown {
  try {
    return JSON.parse(ann[key]!);
  } catch (e) {
    throw new HpaAnnotationError((e as Error).message);
  }
}

/** hpaToV2 converts an autoscaling/v1 HorizontalPodAutoscaler to the stored autoscaling/v2 shape. */
export function hpaToV2(v1: KubeObject): KubeObject {
  const inSpec: Obj = v1.spec ?? {};
  const inStatus: Obj = v1.status ?? {};
  const ann: Record<string, string> = v1.metadata?.annotations ?? {};
  let metrics: Obj[] = [];
  if (has(inSpec, 'targetCPUUtilizationPercentage')) {
    metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: inSpec.targetCPUUtilizationPercentage } } });
  }
  // The metrics from the annotation come first, the CPU target last.
  if (METRIC_SPECS_ANNOTATION in ann) {
    const others = parseAnnotation(ann, METRIC_SPECS_ANNOTATION);
    metrics = [...(Array.isArray(others) ? others.map(metricSpecToV2) : []), ...metrics];
  }
  // v1's old implicit default, applied here where every metric is known.
  if (!metrics.length) {
    metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } });
  }
  const spec: Obj = { scaleTargetRef: ref(inSpec.scaleTargetRef) };
  if (has(inSpec, 'minReplicas')) spec.minReplicas = inSpec.minReplicas;
  spec.maxReplicas = inSpec.maxReplicas ?? 0;
  spec.metrics = metrics;
  if (BEHAVIOR_ANNOTATION in ann) {
    const b = parseAnnotation(ann, BEHAVIOR_ANNOTATION);
    if (isObj(b)) spec.behavior = behaviorFromGo(b);
  }
  let currentMetrics: Obj[] | undefined;
  if (has(inStatus, 'currentCPUUtilizationPercentage')) {
    currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: inStatus.currentCPUUtilizationPercentage } } }];
  }
  // The raw statuses have more information than the CPU percentage.
  if (METRIC_STATUSES_ANNOTATION in ann) {
    const cur = parseAnnotation(ann, METRIC_STATUSES_ANNOTATION);
    currentMetrics = Array.isArray(cur) ? cur.map(metricStatusToV2) : [];
  }
  let conditions: Obj[] | undefined;
  if (CONDITIONS_ANNOTATION in ann) {
    const c = parseAnnotation(ann, CONDITIONS_ANNOTATION);
    conditions = Array.isArray(c) ? c : [];
  }
  const out: KubeObject = { ...v1, apiVersion: 'autoscaling/v2', spec };
  if (v1.status !== undefined || currentMetrics || conditions) {
    const status: Obj = {};
    if (has(inStatus, 'observedGeneration')) status.observedGeneration = inStatus.observedGeneration;
    if (has(inStatus, 'lastScaleTime')) status.lastScaleTime = inStatus.lastScaleTime;
    if (inStatus.currentReplicas) status.currentReplicas = inStatus.currentReplicas;
    status.desiredReplicas = inStatus.desiredReplicas ?? 0;
    if (currentMetrics) status.currentMetrics = currentMetrics;
    if (conditions) status.conditions = conditions;
    out.status = status;
  } else {
    delete out.status;
  }
  return dropRoundTripAnnotations(out);
}
