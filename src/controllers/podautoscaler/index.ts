/**
 * podautoscaler: the HorizontalPodAutoscaler controller (autoscaling/v2) — upstream's
 * pkg/controller/podautoscaler/horizontal.go (v1.32). Every 15 s of simulated time each HPA
 * reads its target's scale, asks the replica calculator for each Resource and ContainerResource
 * metric, keeps the largest proposal, smooths it (stabilization windows, rate limits) and writes
 * the target's scale subresource, its own status (conditions, current metrics) and Events.
 *
 * kube-controller-manager keeps each HPA's recent recommendations and scale events in memory;
 * kubemu's commands are separate processes, so that memory is a local record (not an API
 * object) read and written on each sync, as the kubelet keeps its back-off records.
 */
import type { KubeObject } from '../../api/meta';
import type { Pod } from '../../api/types/core-v1';
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition, MetricSpec, MetricStatus } from '../../api/types/autoscaling-v2';
import { selectorMatches } from '../../api/label-selector';
import { canonicalQuantity } from '../../api/quantity';
import { deepEqual } from '../../api/deep-equal';
import { ApiError } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { MetricsUnavailable, type PodSample, type ResourceMetricsClient } from './metrics-client';
import { normalizeWithBehavior, normalizeWithoutBehavior, storeScaleEvent, type BehaviorState, type Normalized } from './normalize';
import { milli, plainMetricReplicas, resourceReplicas, type PodMetrics } from './replica-calculator';

export const NAME = 'horizontal-pod-autoscaler';
/** SYNC_PERIOD_MS is --horizontal-pod-autoscaler-sync-period. */
export const SYNC_PERIOD_MS = 15_000;
/** STATE_HOLDER is whose local records hold the controller's memory: kube-controller-manager's. */
export const STATE_HOLDER = 'kube-controller-manager';

/** SyncState is what kube-controller-manager remembers of one HPA between syncs. */
interface SyncState extends BehaviorState { uid: string; nextSyncMs: number }

/** SCALE_TARGETS are the kinds with a scale subresource, and their qualified resource names. */
const SCALE_TARGETS: Record<string, string> = {
  Deployment: 'deployments.apps', ReplicaSet: 'replicasets.apps', StatefulSet: 'statefulsets.apps', ReplicationController: 'replicationcontrollers',
};

type Hpa = HorizontalPodAutoscaler & KubeObject;

/** MetricFailure is a metric that could not be computed: its error and the condition it sets. */
class MetricFailure extends Error {
  constructor(message: string, readonly reason: string, readonly conditionMessage: string) { super(message); }
}

const stateKey = (req: Request) => `hpa/${req.namespace}/${req.name}`;

/** setHpaCondition is upstream horizontal.go's setCondition: in place, the time moves with status. */
function setHpaCondition(hpa: Hpa, type: string, status: 'True' | 'False', reason: string, message: string, nowISO: string): void {
  const list: HorizontalPodAutoscalerCondition[] = hpa.status!.conditions ??= [];
  const old = list.find((c) => c.type === type);
  if (!old) { list.push({ type, status, lastTransitionTime: nowISO, reason, message }); return; }
  if (old.status !== status) old.lastTransitionTime = nowISO;
  old.status = status; old.reason = reason; old.message = message;
}

/** newHorizontalPodAutoscalerController builds the controller over a resource metrics client. */
export function newHorizontalPodAutoscalerController(metrics: ResourceMetricsClient): Controller {
  return {
    name: NAME,
    for: 'HorizontalPodAutoscaler',
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const hpa = ctx.api.tryGet({ kind: 'HorizontalPodAutoscaler', namespace: req.namespace, name: req.name }) as Hpa | undefined;
      const key = stateKey(req);
      if (!hpa || hpa.metadata.deletionTimestamp) {
        if (ctx.api.nodeLocalState(STATE_HOLDER, key)) ctx.api.setNodeLocalState(STATE_HOLDER, key, undefined);
        return;
      }
      const now = ctx.clock.nowMs();
      let state = ctx.api.nodeLocalState<SyncState>(STATE_HOLDER, key);
      if (!state || state.uid !== hpa.metadata.uid) {
        // A new HPA is queued with the resync delay (enqueueHPA's AddRateLimited): its first sync is 15 s on.
        state = { uid: hpa.metadata.uid!, nextSyncMs: now + SYNC_PERIOD_MS, recommendations: [], scaleUpEvents: [], scaleDownEvents: [] };
        ctx.api.setNodeLocalState(STATE_HOLDER, key, state);
        return { requeueAfterMs: SYNC_PERIOD_MS };
      }
      // Writes to the HPA (its own status among them) do not sync it early: the queue holds it for the period.
      if (now < state.nextSyncMs) return { requeueAfterMs: state.nextSyncMs - now };
      state.nextSyncMs = now + SYNC_PERIOD_MS;
      reconcileAutoscaler(structuredClone(hpa), state, metrics, ctx);
      ctx.api.setNodeLocalState(STATE_HOLDER, key, state);
      return { requeueAfterMs: SYNC_PERIOD_MS };
    },
  };
}

/** reconcileAutoscaler is one sync of one HPA (upstream reconcileAutoscaler). */
function reconcileAutoscaler(hpa: Hpa, state: SyncState, metrics: ResourceMetricsClient, ctx: ReconcileContext): void {
  const { api } = ctx;
  const now = ctx.clock.nowMs();
  const nowISO = new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const original = structuredClone(hpa.status ?? {});
  hpa.status = structuredClone(hpa.status ?? { desiredReplicas: 0, currentMetrics: [] });
  const event = (type: 'Normal' | 'Warning', reason: string, message: string) => api.recordEvent(hpa, type, reason, message, { component: NAME });
  const saveStatus = () => {
    if (deepEqual(original, hpa.status)) return;
    api.updateStatus(hpa, { fieldManager: NAME });
  };
  const ref = hpa.spec!.scaleTargetRef;
  const namespace = hpa.metadata.namespace!;

  // The target's scale.
  let target: KubeObject | undefined;
  let scaleError: string | undefined;
  const resource = SCALE_TARGETS[ref.kind];
  if (!resource) {
    const group = (ref.apiVersion ?? '').includes('/') ? ref.apiVersion!.split('/')[0] : '';
    scaleError = `no matches for kind "${ref.kind}" in group "${group}"`;
  } else {
    target = api.tryGet({ kind: ref.kind, namespace, name: ref.name });
    if (!target) scaleError = `${resource} "${ref.name}" not found`;
  }
  if (!target) {
    event('Warning', 'FailedGetScale', scaleError!);
    setHpaCondition(hpa, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${scaleError}`, nowISO);
    saveStatus();
    return;
  }
  setHpaCondition(hpa, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale", nowISO);
  const currentReplicas: number = target.spec?.replicas ?? 1;
  if (!state.recommendations.length) state.recommendations.push({ replicas: currentReplicas, atMs: now });

  const minReplicas = hpa.spec!.minReplicas ?? 1;
  const maxReplicas = hpa.spec!.maxReplicas;
  let desiredReplicas = 0;
  let rescaleReason = '';
  let rescale = true;
  let metricStatuses: MetricStatus[] | undefined;
  if (currentReplicas === 0 && minReplicas !== 0) {
    desiredReplicas = 0;
    rescale = false;
    setHpaCondition(hpa, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero', nowISO);
  } else if (currentReplicas > maxReplicas) {
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desiredReplicas = maxReplicas;
  } else if (currentReplicas < minReplicas) {
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desiredReplicas = minReplicas;
  } else {
    const computed = computeReplicasForMetrics(hpa, target, currentReplicas, metrics, ctx, event, nowISO);
    metricStatuses = computed.statuses;
    if (computed.error && computed.replicas === -1) {
      setStatus(hpa, currentReplicas, hpa.status.desiredReplicas, metricStatuses, false, nowISO);
      saveStatus();
      event('Warning', 'FailedComputeMetricsReplicas', computed.error);
      return;
    }
    desiredReplicas = computed.replicas;
    if (desiredReplicas > currentReplicas) rescaleReason = `${computed.metric} above target`;
    if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
    const behavior = hpa.spec!.behavior;
    const normalized: Normalized = behavior
      ? normalizeWithBehavior(state, now, currentReplicas, desiredReplicas, minReplicas, maxReplicas, behavior.scaleUp ?? {}, behavior.scaleDown ?? {})
      : normalizeWithoutBehavior(state.recommendations, now, currentReplicas, desiredReplicas, minReplicas, maxReplicas);
    setHpaCondition(hpa, 'AbleToScale', 'True', normalized.ableToScale.reason, normalized.ableToScale.message, nowISO);
    setHpaCondition(hpa, 'ScalingLimited', normalized.limited.status, normalized.limited.reason, normalized.limited.message, nowISO);
    desiredReplicas = normalized.replicas;
    rescale = desiredReplicas !== currentReplicas;
  }

  if (rescale) {
    try {
      const scaled = structuredClone(target);
      scaled.spec = { ...scaled.spec, replicas: desiredReplicas };
      api.update(scaled, { fieldManager: NAME, subresource: 'scale' });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      event('Warning', 'FailedRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${e.message}`);
      setHpaCondition(hpa, 'AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${e.message}`, nowISO);
      setStatus(hpa, currentReplicas, hpa.status.desiredReplicas, metricStatuses, false, nowISO);
      saveStatus();
      return;
    }
    setHpaCondition(hpa, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desiredReplicas}`, nowISO);
    event('Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
    if (hpa.spec!.behavior) storeScaleEvent(state, hpa.spec!.behavior.scaleUp, hpa.spec!.behavior.scaleDown, now, currentReplicas, desiredReplicas);
  } else {
    desiredReplicas = currentReplicas;
  }
  setStatus(hpa, currentReplicas, desiredReplicas, metricStatuses, rescale, nowISO);
  saveStatus();
}

/** setStatus is upstream's setStatus: the counts and metrics, lastScaleTime on a rescale. */
function setStatus(hpa: Hpa, current: number, desired: number, statuses: MetricStatus[] | undefined, rescale: boolean, nowISO: string): void {
  const old = hpa.status!;
  const status: Record<string, unknown> = {};
  const lastScaleTime = rescale ? nowISO : old.lastScaleTime;
  if (lastScaleTime) status.lastScaleTime = lastScaleTime;
  if (current) status.currentReplicas = current;
  status.desiredReplicas = desired;
  if (statuses?.length) status.currentMetrics = statuses;
  if (old.conditions?.length) status.conditions = old.conditions;
  hpa.status = status as unknown as Hpa['status'];
}

interface Computed { replicas: number; metric: string; statuses: MetricStatus[]; error?: string }

/** computeReplicasForMetrics: the largest proposal over the metrics; an error when all fail (or a failure would hide a scale-up). */
function computeReplicasForMetrics(hpa: Hpa, target: KubeObject, specReplicas: number, metrics: ResourceMetricsClient, ctx: ReconcileContext,
  event: (type: 'Warning', reason: string, message: string) => void, nowISO: string): Computed {
  const specs: MetricSpec[] = hpa.spec!.metrics ?? [];
  const statuses: MetricStatus[] = specs.map(() => ({ type: '' }));
  const selector = target.spec?.selector;
  if (!selector || (!Object.keys(selector.matchLabels ?? {}).length && !(selector.matchExpressions ?? []).length)) {
    event('Warning', 'SelectorRequired', 'selector is required');
    setHpaCondition(hpa, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector", nowISO);
    return { replicas: -1, metric: '', statuses, error: 'selector is required' };
  }
  const pods = ctx.api.list({ kind: 'Pod', namespace: hpa.metadata.namespace }).filter((p) => selectorMatches(selector, p.metadata.labels)) as Pod[];
  let sampled: Map<string, PodSample> | undefined;
  let fetchError: string | undefined;
  const fetch = () => {
    if (!sampled && fetchError === undefined) {
      try { sampled = metrics.podMetrics(ctx.api, hpa.metadata.namespace!, pods, ctx.clock.nowMs()); } catch (e) {
        if (!(e instanceof MetricsUnavailable)) throw e;
        fetchError = `unable to fetch metrics from resource metrics API: ${e.message}`;
      }
    }
    if (fetchError !== undefined) throw new Error(fetchError);
    if (!sampled!.size) throw new Error('no metrics returned from resource metrics API');
    return sampled!;
  };
  let replicas = 0, metric = '', invalid = 0;
  let firstError: string | undefined;
  let firstCondition: MetricFailure | undefined;
  specs.forEach((spec, i) => {
    try {
      const r = computeReplicasForMetric(spec, specReplicas, pods, fetch, ctx.clock.nowMs());
      statuses[i] = r.status;
      if (replicas === 0 || r.replicas > replicas) { replicas = r.replicas; metric = r.metric; }
    } catch (e) {
      if (!(e instanceof MetricFailure)) throw e;
      event('Warning', e.reason, e.conditionMessage);
      if (invalid === 0) { firstError = e.message; firstCondition = e; }
      invalid++;
    }
  });
  const error = firstError === undefined ? undefined : `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstError}`;
  if (invalid >= specs.length || (invalid > 0 && replicas < specReplicas)) {
    setHpaCondition(hpa, 'ScalingActive', 'False', firstCondition!.reason, `the HPA was unable to compute the replica count: ${firstCondition!.conditionMessage}`, nowISO);
    return { replicas: -1, metric: '', statuses, error };
  }
  setHpaCondition(hpa, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${metric}`, nowISO);
  return { replicas, metric, statuses, error };
}

interface Proposal { replicas: number; metric: string; status: MetricStatus }

/** milliQuantity is resource.NewMilliQuantity(v, DecimalSI).String(). */
const milliQuantity = (v: number) => canonicalQuantity(`${v}m`);

/** sampleOf picks one resource (of one container, or summed) from each pod's sample; pods lacking it drop out. */
function sampleOf(samples: Map<string, PodSample>, resource: string, container: string, namespace: string): PodMetrics {
  const out: PodMetrics = new Map();
  for (const [pod, s] of samples) {
    const value = (c: { cpuMilli: number; memoryBytes: number }) => (resource === 'cpu' ? c.cpuMilli : resource === 'memory' ? c.memoryBytes * 1000 : undefined);
    if (container) {
      const c = s.containers.find((x) => x.name === container);
      if (!c) throw new Error(`failed to get container metrics: container ${container} not present in metrics for pod ${namespace}/${pod}`);
      const v = value(c);
      if (v !== undefined) out.set(pod, { value: v, timestampMs: s.timestampMs, windowMs: s.windowMs });
      continue;
    }
    let sum = 0, missing = false;
    for (const c of s.containers) { const v = value(c); if (v === undefined) missing = true; else sum += v; }
    if (!missing) out.set(pod, { value: sum, timestampMs: s.timestampMs, windowMs: s.windowMs });
  }
  return out;
}

/** computeReplicasForMetric is one metric's proposal; Resource and ContainerResource are served by metrics.k8s.io. */
function computeReplicasForMetric(spec: MetricSpec, specReplicas: number, pods: Pod[], fetch: () => Map<string, PodSample>, nowMs: number): Proposal {
  const isContainer = spec.type === 'ContainerResource';
  const source = isContainer ? spec.containerResource : spec.type === 'Resource' ? spec.resource : undefined;
  if (!source) {
    const kind = spec.type.charAt(0).toLowerCase() + spec.type.slice(1);
    const reason = `FailedGet${spec.type}Metric`;
    // kubemu serves no custom or external metrics API.
    const msg = `unable to get metric ${(spec as any)[kind]?.metric?.name ?? ''}: unable to fetch metrics from custom metrics API: the server could not find the requested resource`;
    throw new MetricFailure(`failed to get ${kind} metric value: ${msg}`, reason, msg);
  }
  const name = source.name;
  const container = isContainer ? spec.containerResource!.container : '';
  const reason = isContainer ? 'FailedGetContainerResourceMetric' : 'FailedGetResourceMetric';
  const wrap = isContainer ? `failed to get ${name} container metric value` : `failed to get ${name} resource metric value`;
  const fail = (inner: string): never => { throw new MetricFailure(`${wrap}: ${inner}`, reason, inner); };
  const namespace = pods[0]?.metadata.namespace ?? '';
  const statusOf = (current: Record<string, unknown>): MetricStatus => (isContainer
    ? { type: 'ContainerResource', containerResource: { name, container, current } } as MetricStatus
    : { type: 'Resource', resource: { name, current } } as MetricStatus);
  const target = source.target;
  const sample = (what: string): PodMetrics => {
    try { return sampleOf(fetch(), name, container, namespace); } catch (e) {
      return fail(`failed to get ${name} ${what}: unable to get metrics for resource ${name}: ${(e as Error).message}`);
    }
  };
  if (target.averageValue !== undefined) {
    const metrics = sample('usage');
    try {
      const r = plainMetricReplicas(specReplicas, milli(target.averageValue), name, pods, metrics, nowMs);
      return { replicas: r.replicas, metric: isContainer ? `${name} container resource` : `${name} resource`, status: statusOf({ averageValue: milliQuantity(r.usage) }) };
    } catch (e) { return fail(`failed to get ${name} usage: ${(e as Error).message}`); }
  }
  if (target.averageUtilization === undefined) {
    return fail('invalid resource metric source: neither a utilization target nor a value target was set');
  }
  const metrics = sample('utilization');
  try {
    const r = resourceReplicas(specReplicas, target.averageUtilization, name, container, pods, metrics, nowMs);
    return {
      replicas: r.replicas,
      metric: isContainer ? `${name} container resource utilization (percentage of request)` : `${name} resource utilization (percentage of request)`,
      status: statusOf({ averageValue: milliQuantity(r.rawAverage), averageUtilization: r.utilization }),
    };
  } catch (e) { return fail(`failed to get ${name} utilization: ${(e as Error).message}`); }
}
