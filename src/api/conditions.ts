/**
 * conditions: setting a status condition the way Kubernetes controllers do — a changed
 * condition moves to the end of the list; lastTransitionTime changes only with status.
 */
import type { Condition } from './meta';

/** setCondition returns conditions with c set; reports whether anything changed. */
export function setCondition(conditions: Condition[] | undefined, c: Condition, nowISO: string,
  opts: { updateTime?: boolean } = {}): Condition[] {
  const list = conditions ?? [];
  const old = list.find((x) => x.type === c.type);
  if (old && old.status === c.status && old.reason === c.reason && old.message === c.message && !opts.updateTime) return list;
  const next: Condition = { ...c };
  if (opts.updateTime !== undefined || 'lastUpdateTime' in c) next.lastUpdateTime = nowISO;
  next.lastTransitionTime = old && old.status === c.status ? old.lastTransitionTime : nowISO;
  return [...list.filter((x) => x.type !== c.type), orderCondition(next)];
}

// Go struct order of a condition's fields.
function orderCondition(c: Condition): Condition {
  const out: Record<string, unknown> = {};
  for (const k of ['type', 'status', 'observedGeneration', 'lastProbeTime', 'lastHeartbeatTime', 'lastUpdateTime', 'lastTransitionTime', 'reason', 'message']) {
    if ((c as unknown as Record<string, unknown>)[k] !== undefined) out[k] = (c as unknown as Record<string, unknown>)[k];
  }
  return out as unknown as Condition;
}

/** ConditionChange is a condition to set: its type, status, reason and message. */
export interface ConditionChange { type: string; status: string; reason?: string; message?: string }

/**
 * setConditionInPlace is the apiextensions and kube-aggregator helpers' SetCRDCondition and
 * SetAPIServiceCondition: a new condition is appended; an existing one is updated where it
 * stands, its lastTransitionTime moving only with its status. Conditions are in those types'
 * Go field order (type, status, lastTransitionTime, reason, message).
 */
export function setConditionInPlace<C extends ConditionChange & { lastTransitionTime?: string }>(conditions: readonly C[], c: ConditionChange, nowISO: string): C[] {
  const i = conditions.findIndex((x) => x.type === c.type);
  const old = i < 0 ? undefined : conditions[i]!;
  const next = {
    type: c.type, status: c.status,
    lastTransitionTime: old && old.status === c.status && old.lastTransitionTime ? old.lastTransitionTime : nowISO,
    ...(c.reason ? { reason: c.reason } : {}), ...(c.message ? { message: c.message } : {}),
  } as C;
  return i < 0 ? [...conditions, next] : conditions.map((x, j) => (j === i ? next : x));
}

