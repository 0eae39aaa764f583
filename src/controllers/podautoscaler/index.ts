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
import { labelSelectorHints, selectorMatches } from '../../api/label-selector';
import { canonicalQuantity } from '../../api/quantity';
import { deepEqual } from '../../api/deep-equal';
import { ApiError } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { MetricsUnavailable, type PodSample, type ResourceMetricsClient } from './metrics-client';
import { FLAT, combineTrends, type UsageTrend } from '../../api/usage-profile';
import { DOWNSCALE_STABILIZATION_MS, normalizeWithBehavior, normalizeWithoutBehavior, storeScaleEvent, type BehaviorState, type Normalized } from './normalize';
import { CPU_INITIALIZATION_PERIOD_MS, milli, plainMetricReplicas, resourceReplicas, type PodMetrics } from './replica-calculator';

export const NAME = 'horizontal-pod-autoscaler';
/** SYNC_PERIOD_MS is --horizontal-pod-autoscaler-sync-period. */
export const SYNC_PERIOD_MS = 15_000;
/** METRICS_WINDOW_MS is metrics-server's resolution: a sample's window, and a new container's wait for its first. */
const METRICS_WINDOW_MS = 15_000;
/** QUIET_FOREVER stands for no sync due until an input changes (a time far past any cluster's clock). */
const QUIET_FOREVER = 8.64e15;
/**
 * STATUS_REFRESH_MS bounds a quiet stretch in which only the metrics' values move (a usage
 * profile): the status's currentMetrics is written at least this often, where upstream writes
 * it every sync.
 */
export const STATUS_REFRESH_MS = 5 * 60_000;
/** STATE_HOLDER is whose local records hold the controller's memory: kube-controller-manager's. */
export const STATE_HOLDER = 'kube-controller-manager';

/**
 * SyncState is what kube-controller-manager remembers of one HPA between syncs, and when kubemu
 * next syncs it: nextSyncMs is on the HPA's 15 s grid; quiet, when set, says the syncs from
 * lastSyncMs up to nextSyncMs are skipped because each would have proposed `desired` and
 * written nothing but the metrics' current values (see reconcile); revision is the store's after
 * the sync's own status write, whose watch event is no change of its inputs.
 */
interface SyncState extends BehaviorState { uid: string; nextSyncMs: number; lastSyncMs?: number; quiet?: { desired: number; revision?: number } }

/** SCALE_TARGETS are the kinds with a scale subresource, and their qualified resource names. */
const SCALE_TARGETS: Record<string, string> = {
  Deployment: 'deployments.apps', ReplicaSet: 'replicasets.apps', StatefulSet: 'statefulsets.apps', ReplicationController: 'replicationcontrollers',
};

type Hpa = HorizontalPodAutoscaler & KubeObject;

/**
 * podsStableUntil is when time alone next changes how the replica calculator sees a pod: its
 * first sample (a container running one metrics resolution), the end of its CPU initialization
 * period, or one window after it became Ready.
 */
function podsStableUntil(pods: readonly Pod[], nowMs: number): number {
  let until = Infinity;
  const after = (t: number) => { if (t > nowMs && t < until) until = t; };
  for (const pod of pods) {
    if (pod.status?.startTime) after(Date.parse(pod.status.startTime) + CPU_INITIALIZATION_PERIOD_MS);
    const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
    if (ready?.lastTransitionTime) after(Date.parse(ready.lastTransitionTime) + METRICS_WINDOW_MS);
    for (const c of pod.status?.containerStatuses ?? []) {
      if (c.state?.running?.startedAt) after(Date.parse(c.state.running.startedAt) + METRICS_WINDOW_MS);
    }
  }
  return until;
}

/** MetricFailure is a metric that could not be computed: its error and the condition it sets. */
class MetricFailure extends Error {
  constructor(message: string, readonly reason: string, readonly conditionMessage: string) { super(message); }
}

/** hpasIn names the HPAs of a namespace (all namespaces when undefined) whose target passes the filter. */
function hpasIn(ctx: ReconcileContext, namespace?: string, target?: (ref: { kind: string; name: string }) => boolean): Request[] {
  return ctx.api.list({ kind: 'HorizontalPodAutoscaler', namespace })
    .filter((h) => !target || target(h.spec?.scaleTargetRef ?? { kind: '', name: '' }))
    .map((h) => ({ namespace: h.metadata.namespace, name: h.metadata.name! }));
}

/** isMetricsServer: the add-on's Deployment, whose availability decides whether metrics are served. */
const isMetricsServer = (o: KubeObject) => o.kind === 'Deployment' && o.metadata.namespace === 'kube-system' && o.metadata.name === 'metrics-server';

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
    // Upstream syncs on its period alone; these only end a quiet stretch (see below) when an input changes.
    watches: [
      { kind: 'Pod', map: (pod, ctx) => hpasIn(ctx, pod.metadata.namespace) },
      ...Object.keys(SCALE_TARGETS).map((kind) => ({
        kind,
        map: (obj: KubeObject, ctx: ReconcileContext) => (isMetricsServer(obj) ? hpasIn(ctx) : hpasIn(ctx, obj.metadata.namespace, (t) => t.kind === kind && t.name === obj.metadata.name)),
      })),
      { kind: 'APIService', map: (_obj, ctx) => hpasIn(ctx) },
      // A load (`kubemu load svc/NAME`) is the Service's annotation; a Deployment's is watched above.
      { kind: 'Service', map: (svc, ctx) => hpasIn(ctx, svc.metadata.namespace) },
    ],
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
      if (now < state.nextSyncMs || state.nextSyncMs >= QUIET_FOREVER) {
        // Writes to the HPA (its own status among them) do not sync it early: the queue holds it
        // for the period. In a quiet stretch a change of its inputs (a watch woke it) brings the
        // sync back to the next point of its grid.
        if (state.quiet && state.quiet.revision !== ctx.api.revision()) {
          const next = state.lastSyncMs! + (Math.floor((now - state.lastSyncMs!) / SYNC_PERIOD_MS) + 1) * SYNC_PERIOD_MS;
          if (next < state.nextSyncMs) { state.nextSyncMs = next; ctx.api.setNodeLocalState(STATE_HOLDER, key, state); }
        }
        return state.nextSyncMs >= QUIET_FOREVER ? undefined : { requeueAfterMs: state.nextSyncMs - now };
      }
      if (state.quiet) {
        // The skipped syncs each recommended the same count; the latest of them stands for all in the windows.
        const last = now - SYNC_PERIOD_MS;
        if (last > state.lastSyncMs!) recordSkipped(state, state.quiet.desired, last);
        state.quiet = undefined;
      }
      state.lastSyncMs = now;
      state.nextSyncMs = now + SYNC_PERIOD_MS;
      const outcome = reconcileAutoscaler(structuredClone(hpa), state, metrics, ctx);
      // kubemu: a sync that wrote nothing, over inputs that cannot change but by a write (which the
      // watches see) or by time passing (stableUntilMs), would repeat itself: skip those syncs, so a
      // long tick with an idle HPA does not stop every 15 s.
      if (outcome.quiet && outcome.stableUntilMs > state.nextSyncMs) {
        // Until a watched change, when nothing but a write can change the outcome.
        const until = Math.min(outcome.stableUntilMs, QUIET_FOREVER);
        state.nextSyncMs = now + Math.ceil((until - now) / SYNC_PERIOD_MS) * SYNC_PERIOD_MS;
        state.quiet = { desired: outcome.desired, revision: ctx.api.revision() };
      }
      ctx.api.setNodeLocalState(STATE_HOLDER, key, state);
      return state.nextSyncMs >= QUIET_FOREVER ? undefined : { requeueAfterMs: state.nextSyncMs - now };
    },
  };
}

/** recordSkipped adds a skipped sync's recommendation as the windows would have seen it. */
function recordSkipped(state: SyncState, desired: number, atMs: number): void {
  // No window is longer than an hour (validation's limit for stabilizationWindowSeconds).
  state.recommendations = state.recommendations.filter((r) => r.atMs >= atMs - MAX_WINDOW_MS);
  state.recommendations.push({ replicas: desired, atMs });
}
const MAX_WINDOW_MS = 3_600_000;

/** SyncOutcome says whether a sync wrote nothing, what it proposed, and until when its inputs hold. */
interface SyncOutcome { quiet: boolean; desired: number; stableUntilMs: number }
const NOT_QUIET: SyncOutcome = { quiet: false, desired: 0, stableUntilMs: 0 };

/** reconcileAutoscaler is one sync of one HPA (upstream reconcileAutoscaler). */
function reconcileAutoscaler(hpa: Hpa, state: SyncState, metrics: ResourceMetricsClient, ctx: ReconcileContext): SyncOutcome {
  const { api } = ctx;
  const now = ctx.clock.nowMs();
  const nowISO = new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const original = structuredClone(hpa.status ?? {});
  hpa.status = structuredClone(hpa.status ?? { desiredReplicas: 0, currentMetrics: [] });
  // wrote: an event, a scale or a status change beyond the metrics' current values.
  let wrote = false;
  const event = (type: 'Normal' | 'Warning', reason: string, message: string) => { wrote = true; api.recordEvent(hpa, type, reason, message, { component: NAME }); };
  const saveStatus = () => {
    if (deepEqual(original, hpa.status)) return;
    if (!deepEqual({ ...original, currentMetrics: undefined }, { ...hpa.status, currentMetrics: undefined })) wrote = true;
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
    return NOT_QUIET;
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
  let proposed = currentReplicas;
  let stableUntilMs = Infinity;
  let computed: Computed | undefined;
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
    computed = computeReplicasForMetrics(hpa, target, currentReplicas, metrics, ctx, event, nowISO);
    metricStatuses = computed.statuses;
    if (computed.error && computed.replicas === -1) {
      setStatus(hpa, currentReplicas, hpa.status.desiredReplicas, metricStatuses, false, nowISO);
      saveStatus();
      event('Warning', 'FailedComputeMetricsReplicas', computed.error);
      return NOT_QUIET;
    }
    desiredReplicas = computed.replicas;
    proposed = computed.replicas;
    stableUntilMs = Math.min(stableUntilMs, computed.stableUntilMs);
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
      return NOT_QUIET;
    }
    setHpaCondition(hpa, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desiredReplicas}`, nowISO);
    event('Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
    if (hpa.spec!.behavior) storeScaleEvent(state, hpa.spec!.behavior.scaleUp, hpa.spec!.behavior.scaleDown, now, currentReplicas, desiredReplicas);
  } else {
    desiredReplicas = currentReplicas;
  }
  setStatus(hpa, currentReplicas, desiredReplicas, metricStatuses, rescale, nowISO);
  saveStatus();
  if (wrote) return NOT_QUIET;
  const windows = windowsStableUntil(hpa, state, proposed, now);
  if (!computed || computed.trend.direction === 'mixed') return { quiet: true, desired: proposed, stableUntilMs: Math.min(stableUntilMs, windows) };
  // Use that moves with time, all one way: each metric's proposal moves one way with it, so the
  // syncs until the first that proposes otherwise would each write only the metrics' values.
  const still = Math.min(windows, computed.podsStableUntilMs, computed.trend.untilMs);
  if (computed.trend.direction === 0) return { quiet: true, desired: proposed, stableUntilMs: still };
  const horizon = Math.min(still, now + STATUS_REFRESH_MS);
  return { quiet: true, desired: proposed, stableUntilMs: firstChange(computed, now, horizon) };
}

/**
 * firstChange is the first sync instant (on the 15 s grid from now) before horizon at which the
 * metrics' proposals differ from now's, else horizon. Within a stretch where use moves one way
 * they differ from some instant on, so a binary search finds it.
 */
function firstChange(computed: Computed, nowMs: number, horizonMs: number): number {
  const base = computed.proposalsAt(nowMs);
  const last = Math.ceil((horizonMs - nowMs) / SYNC_PERIOD_MS) - 1;
  const at = (k: number) => nowMs + k * SYNC_PERIOD_MS;
  if (last < 1 || computed.proposalsAt(at(last)) === base) return horizonMs;
  let lo = 0, hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (computed.proposalsAt(at(mid)) === base) lo = mid; else hi = mid;
  }
  return at(hi);
}

/**
 * windowsStableUntil is when the stabilization windows' outcome can next change while every
 * new recommendation is the current proposal: the scale-down window holds the highest
 * recommendation, the scale-up window the lowest, so only the most extreme one beyond the
 * proposal matters, until its latest occurrence leaves; or when a scale event leaves a policy's
 * period.
 */
function windowsStableUntil(hpa: Hpa, state: SyncState, proposed: number, nowMs: number): number {
  const behavior = hpa.spec!.behavior;
  const down = behavior?.scaleDown?.stabilizationWindowSeconds != null ? behavior.scaleDown.stabilizationWindowSeconds * 1000 : DOWNSCALE_STABILIZATION_MS;
  const windows: [number, 1 | -1][] = behavior ? [[(behavior.scaleUp?.stabilizationWindowSeconds ?? 0) * 1000, -1], [down, 1]] : [[down, 1]];
  let until = Infinity;
  const after = (t: number) => { if (t > nowMs && t < until) until = t; };
  // Without behavior a sample exactly at the window's edge still counts (upstream's Before(cutoff)); with it, not (After).
  const edge = behavior ? 0 : 1;
  for (const [w, side] of windows) {
    let extreme: number | undefined, latest = -Infinity;
    for (const r of state.recommendations) {
      if (r.atMs + w + edge <= nowMs || (r.replicas - proposed) * side <= 0) continue;
      if (extreme === undefined || (r.replicas - extreme) * side > 0) { extreme = r.replicas; latest = r.atMs; } else if (r.replicas === extreme) latest = Math.max(latest, r.atMs);
    }
    if (extreme !== undefined) after(latest + w + edge);
  }
  for (const [events, rules] of [[state.scaleUpEvents, behavior?.scaleUp], [state.scaleDownEvents, behavior?.scaleDown]] as const) {
    for (const e of events) for (const p of rules?.policies ?? []) after(e.atMs + p.periodSeconds * 1000);
  }
  return until;
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

/**
 * Computed is the metrics' proposal; stableUntilMs is until when the same sync would compute
 * the same, podsStableUntilMs until when the pods' readiness holds, trend how the metrics' use
 * moves, and proposalsAt(t) each metric's proposal at t as one string (over the same pods).
 */
interface Computed {
  replicas: number; metric: string; statuses: MetricStatus[]; error?: string; stableUntilMs: number;
  podsStableUntilMs: number; trend: UsageTrend; proposalsAt: (atMs: number) => string;
}
const FAILED = { podsStableUntilMs: 0, trend: { direction: 'mixed', untilMs: 0 } as UsageTrend, proposalsAt: () => '' };

/** computeReplicasForMetrics: the largest proposal over the metrics; an error when all fail (or a failure would hide a scale-up). */
function computeReplicasForMetrics(hpa: Hpa, target: KubeObject, specReplicas: number, metrics: ResourceMetricsClient, ctx: ReconcileContext,
  event: (type: 'Warning', reason: string, message: string) => void, nowISO: string): Computed {
  const specs: MetricSpec[] = hpa.spec!.metrics ?? [];
  const statuses: MetricStatus[] = specs.map(() => ({ type: '' }));
  const selector = target.spec?.selector;
  if (!selector || (!Object.keys(selector.matchLabels ?? {}).length && !(selector.matchExpressions ?? []).length)) {
    event('Warning', 'SelectorRequired', 'selector is required');
    setHpaCondition(hpa, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector", nowISO);
    return { replicas: -1, metric: '', statuses, error: 'selector is required', stableUntilMs: 0, ...FAILED };
  }
  const pods = ctx.api.list({ kind: 'Pod', namespace: hpa.metadata.namespace, mayContain: labelSelectorHints(selector) }).filter((p) => selectorMatches(selector, p.metadata.labels));
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
    return { replicas: -1, metric: '', statuses, error, stableUntilMs: 0, ...FAILED };
  }
  setHpaCondition(hpa, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${metric}`, nowISO);
  const podsStableUntilMs = podsStableUntil(pods, ctx.clock.nowMs());
  let stableUntilMs = podsStableUntilMs;
  // Usage that moves with time (a profile, a load's end) ends a quiet stretch when it moves.
  for (const s of sampled?.values() ?? []) stableUntilMs = Math.min(stableUntilMs, s.stableUntilMs ?? Infinity);
  // How the use the metrics read moves: a pod without a trend is taken as moving every way.
  const resources = new Set(specs.map((m) => (m.type === 'ContainerResource' ? m.containerResource?.name : m.resource?.name)));
  let trend: UsageTrend = FLAT;
  for (const s of sampled?.values() ?? []) {
    for (const r of resources) trend = combineTrends(trend, r === 'cpu' || r === 'memory' ? s.trends?.[r] ?? { direction: 'mixed', untilMs: 0 } : FLAT);
  }
  const proposalsAt = (atMs: number) => {
    let at: Map<string, PodSample> | undefined;
    const fetchAt = () => {
      at ??= metrics.podMetrics(ctx.api, hpa.metadata.namespace!, pods, atMs);
      if (!at.size) throw new Error('no metrics returned from resource metrics API');
      return at;
    };
    return specs.map((spec) => {
      try { return String(computeReplicasForMetric(spec, specReplicas, pods, fetchAt, atMs).replicas); } catch (e) {
        if (e instanceof MetricFailure || e instanceof MetricsUnavailable) return 'failed';
        throw e;
      }
    }).join(',');
  };
  return { replicas, metric, statuses, error, stableUntilMs, podsStableUntilMs, trend, proposalsAt };
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
