/**
 * normalize: from the metrics' proposal to the count the HPA applies — upstream horizontal.go's
 * normalizeDesiredReplicas (no spec.behavior: a 5-minute scale-down stabilization window and a
 * scale-up limit of max(2×current, 4)) and normalizeDesiredReplicasWithBehaviors (the spec's
 * stabilization windows and rate policies over the recent scale events). Each returns the count
 * with the AbleToScale and ScalingLimited conditions' reasons and messages upstream sets.
 * Pure over the controller's record of recent recommendations and scale events.
 */
import type { HPAScalingRules } from '../../api/types/autoscaling-v2';

/** DOWNSCALE_STABILIZATION_MS is --horizontal-pod-autoscaler-downscale-stabilization. */
export const DOWNSCALE_STABILIZATION_MS = 5 * 60_000;
const SCALE_UP_LIMIT_FACTOR = 2;
const SCALE_UP_LIMIT_MINIMUM = 4;

/** Recommendation is one sync's proposal, kept for the stabilization windows. */
export interface Recommendation { replicas: number; atMs: number }
/** ScaleEvent is one rescale's change, kept for the rate policies. */
export interface ScaleEvent { change: number; atMs: number; outdated?: boolean }

/** ConditionText is a condition's reason and message. */
export interface ConditionText { reason: string; message: string }

/** Normalized is a count with the conditions that explain it. */
export interface Normalized { replicas: number; ableToScale: ConditionText; limited: { status: 'True' | 'False' } & ConditionText }

const READY_FOR_NEW_SCALE: ConditionText = { reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
const SCALE_DOWN_STABILIZED: ConditionText = { reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' };
const SCALE_UP_STABILIZED: ConditionText = { reason: 'ScaleUpStabilized', message: 'recent recommendations were lower than current one, applying the lowest recent recommendation' };
const WITHIN_RANGE: ConditionText = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
const TOO_FEW: ConditionText = { reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
const TOO_MANY: ConditionText = { reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
const SCALE_UP_LIMIT: ConditionText = { reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
const SCALE_DOWN_LIMIT: ConditionText = { reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' };

/** record keeps a sample: it replaces the last one older than the cutoff, else it is appended. */
function record(recs: Recommendation[], rec: Recommendation, obsoleteBeforeMs: number): void {
  let old = -1;
  recs.forEach((r, i) => { if (r.atMs < obsoleteBeforeMs) old = i; });
  if (old >= 0) recs[old] = rec; else recs.push(rec);
}

function limited(replicas: number, stabilized: number, why: ConditionText): Normalized['limited'] {
  return { status: replicas === stabilized ? 'False' : 'True', ...why };
}

/** normalizeWithoutBehavior is normalizeDesiredReplicas: for an HPA without spec.behavior. */
export function normalizeWithoutBehavior(recs: Recommendation[], nowMs: number, current: number, desired: number, min: number, max: number): Normalized {
  // stabilizeRecommendation: the highest proposal of the last five minutes.
  let stabilized = desired;
  const cutoff = nowMs - DOWNSCALE_STABILIZATION_MS;
  for (const r of recs) if (r.atMs >= cutoff && r.replicas > stabilized) stabilized = r.replicas;
  record(recs, { replicas: desired, atMs: nowMs }, cutoff);
  const ableToScale = stabilized !== desired ? SCALE_DOWN_STABILIZED : READY_FOR_NEW_SCALE;
  // convertDesiredReplicasWithRules
  const scaleUpLimit = Math.trunc(Math.max(SCALE_UP_LIMIT_FACTOR * current, SCALE_UP_LIMIT_MINIMUM));
  const [allowed, why] = max > scaleUpLimit ? [scaleUpLimit, SCALE_UP_LIMIT] : [max, TOO_MANY];
  if (stabilized < min) return { replicas: min, ableToScale, limited: limited(min, stabilized, TOO_FEW) };
  if (stabilized > allowed) return { replicas: allowed, ableToScale, limited: limited(allowed, stabilized, why) };
  return { replicas: stabilized, ableToScale, limited: limited(stabilized, stabilized, WITHIN_RANGE) };
}

/** changeInPeriod is getReplicasChangePerPeriod: the replicas changed within the last period. */
function changeInPeriod(periodSeconds: number, events: readonly ScaleEvent[], nowMs: number): number {
  const cutoff = nowMs - periodSeconds * 1000;
  let sum = 0;
  for (const e of events) if (e.atMs > cutoff) sum += e.change;
  return sum;
}

/** scaleUpLimit is calculateScaleUpLimitWithScalingRules. */
function scaleUpLimit(current: number, events: readonly ScaleEvent[], rules: HPAScalingRules, nowMs: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const pickMin = rules.selectPolicy === 'Min';
  let result = pickMin ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
  for (const p of rules.policies ?? []) {
    const start = current - changeInPeriod(p.periodSeconds, events, nowMs);
    const proposed = p.type === 'Pods' ? start + p.value : Math.ceil(start * (1 + p.value / 100));
    result = pickMin ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return result;
}

/** scaleDownLimit is calculateScaleDownLimitWithBehaviors ("Min" is the policy removing fewest). */
function scaleDownLimit(current: number, events: readonly ScaleEvent[], rules: HPAScalingRules, nowMs: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const pickMin = rules.selectPolicy === 'Min';
  let result = pickMin ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
  for (const p of rules.policies ?? []) {
    const start = current + changeInPeriod(p.periodSeconds, events, nowMs);
    const proposed = p.type === 'Pods' ? start - p.value : Math.trunc(start * (1 - p.value / 100));
    result = pickMin ? Math.max(result, proposed) : Math.min(result, proposed);
  }
  return result;
}

/** BehaviorState is what the behavior path reads and records. */
export interface BehaviorState { recommendations: Recommendation[]; scaleUpEvents: ScaleEvent[]; scaleDownEvents: ScaleEvent[] }

/** normalizeWithBehavior is normalizeDesiredReplicasWithBehaviors (rules already defaulted by the API). */
export function normalizeWithBehavior(state: BehaviorState, nowMs: number, current: number, desired: number, min: number, max: number,
  up: HPAScalingRules, down: HPAScalingRules): Normalized {
  // stabilizeRecommendationWithBehaviors; an unset scale-down window is the controller's flag.
  const upWindow = (up.stabilizationWindowSeconds ?? 0) * 1000;
  const downWindow = down.stabilizationWindowSeconds != null ? down.stabilizationWindowSeconds * 1000 : DOWNSCALE_STABILIZATION_MS;
  let upRec = desired, downRec = desired;
  for (const r of state.recommendations) {
    if (r.atMs > nowMs - upWindow) upRec = Math.min(upRec, r.replicas);
    if (r.atMs > nowMs - downWindow) downRec = Math.max(downRec, r.replicas);
  }
  let stabilized = current;
  if (stabilized < upRec) stabilized = upRec;
  if (stabilized > downRec) stabilized = downRec;
  record(state.recommendations, { replicas: desired, atMs: nowMs }, nowMs - Math.max(upWindow, downWindow));
  const stabilizedWhy = desired > stabilized ? SCALE_UP_STABILIZED : SCALE_DOWN_STABILIZED;
  const ableToScale = stabilized !== desired ? stabilizedWhy : READY_FOR_NEW_SCALE;
  // convertDesiredReplicasWithBehaviorRate
  if (stabilized > current) {
    const limit = Math.max(scaleUpLimit(current, state.scaleUpEvents, up, nowMs), current);
    const [allowed, why] = max > limit ? [limit, SCALE_UP_LIMIT] : [max, TOO_MANY];
    if (stabilized > allowed) return { replicas: allowed, ableToScale, limited: limited(allowed, stabilized, why) };
  } else if (stabilized < current) {
    const limit = Math.min(scaleDownLimit(current, state.scaleDownEvents, down, nowMs), current);
    const [allowed, why] = min < limit ? [limit, SCALE_DOWN_LIMIT] : [min, TOO_FEW];
    if (stabilized < allowed) return { replicas: allowed, ableToScale, limited: limited(allowed, stabilized, why) };
  }
  return { replicas: stabilized, ableToScale, limited: limited(stabilized, stabilized, WITHIN_RANGE) };
}

/** longestPeriodMs is getLongestPolicyPeriod. */
function longestPeriodMs(rules: HPAScalingRules | undefined): number {
  return Math.max(0, ...(rules?.policies ?? []).map((p) => p.periodSeconds)) * 1000;
}

/** storeScaleEvent is storeScaleEvent: a rescale's change, reusing a slot older than the longest policy period. */
export function storeScaleEvent(state: BehaviorState, up: HPAScalingRules | undefined, down: HPAScalingRules | undefined, nowMs: number, prev: number, next: number): void {
  const [events, rules, change] = next > prev ? [state.scaleUpEvents, up, next - prev] : [state.scaleDownEvents, down, prev - next];
  const cutoff = nowMs - longestPeriodMs(rules);
  for (const e of events) if (e.atMs < cutoff) e.outdated = true;
  const slot = events.findIndex((e) => e.outdated);
  const event = { change, atMs: nowMs };
  if (slot >= 0) events[slot] = event; else events.push(event);
}
