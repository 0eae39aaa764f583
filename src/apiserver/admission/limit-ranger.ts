/**
 * limit-ranger: the LimitRanger admission plugin. Its mutating half fills in container
 * requests/limits from a namespace's LimitRange defaults and records what it set in the
 * kubernetes.io/limit-ranger annotation; its validating half enforces min, max and
 * maxLimitRequestRatio for Container, Pod and PersistentVolumeClaim items, failing with 403.
 *
 * Ordering matters and is the caller's job: the API server's defaulting (a limit without a
 * request gets request = limit) runs before mutateLimitRanges; strategy validation (which
 * reports a defaulted limit below an explicit request as a 422 "must be less than or equal
 * to cpu limit of …") runs between mutateLimitRanges and validateLimitRanges.
 */
import type { KubeObject } from '../../api/meta';
import { forbidden, aggregate } from '../errors';
import { formatQuantity, type Quantity } from '../../api/quantity';
import { admissionName } from './admission-name';
import { maxConstraint, maxRequestConstraint, minConstraint, ratioConstraint } from './limit-range-constraints';
import { podLimits, podRequests } from '../../quota/pod-resources';
import { parseResourceList, type ResourceList } from '../../quota/resource-list';

/** LIMIT_RANGER_ANNOTATION is the pod annotation listing what the plugin defaulted. */
export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

/** LIMIT_RANGER_ANNOTATION_PREFIX starts the annotation's value. */
export const LIMIT_RANGER_ANNOTATION_PREFIX = 'LimitRanger plugin set: ';

/** LimitType is a LimitRangeItem's type. */
export type LimitType = 'Container' | 'Pod' | 'PersistentVolumeClaim';

/** limitRangerSetEntry is one annotation entry: "cpu, memory request for init container setup". */
export const limitRangerSetEntry = (resources: readonly string[], what: 'request' | 'limit', containerKind: 'container' | 'init container', container: string): string =>
  `${resources.join(', ')} ${what} for ${containerKind} ${container}`;

/** LimitRangeItem is spec.limits[i] as stored (quantities as strings or numbers). */
export interface LimitRangeItem {
  type?: string;
  max?: Record<string, string | number>;
  min?: Record<string, string | number>;
  default?: Record<string, string | number>;
  defaultRequest?: Record<string, string | number>;
  maxLimitRequestRatio?: Record<string, string | number>;
}

/**
 * defaultLimitRangeItem is SetDefaults_LimitRangeItem: for a Container item, default falls back
 * to max, then defaultRequest to default, then to min. Pure; the API server applies the same
 * defaults when the LimitRange is stored, so re-applying is harmless.
 */
export function defaultLimitRangeItem(item: LimitRangeItem): LimitRangeItem {
  if (item.type !== 'Container') return item;
  const dflt = { ...(item.default ?? {}) };
  const dfltReq = { ...(item.defaultRequest ?? {}) };
  for (const [k, v] of Object.entries(item.max ?? {})) if (!(k in dflt)) dflt[k] = v;
  for (const [k, v] of Object.entries(dflt)) if (!(k in dfltReq)) dfltReq[k] = v;
  for (const [k, v] of Object.entries(item.min ?? {})) if (!(k in dfltReq)) dfltReq[k] = v;
  // Empty maps are omitted when stored (omitempty), so only non-empty ones are set.
  const out: LimitRangeItem = { ...item };
  if (Object.keys(dflt).length) out.default = dflt;
  if (Object.keys(dfltReq).length) out.defaultRequest = dfltReq;
  return out;
}

function items(limitRange: KubeObject): LimitRangeItem[] {
  const limits: unknown = limitRange.spec?.limits;
  return Array.isArray(limits) ? limits.filter((l) => l && typeof l === 'object').map(defaultLimitRangeItem) : [];
}

// Stored quantities are canonical, so a copied default reads as upstream writes it ("0.5" → "500m").
function canonical(v: string | number): string {
  const q = parseResourceList({ v }).get('v');
  return q ? formatQuantity(q) : String(v);
}

function containerDefaults(limitRange: KubeObject): { requests: Map<string, string>; limits: Map<string, string> } {
  const requests = new Map<string, string>();
  const limits = new Map<string, string>();
  for (const item of items(limitRange)) {
    if (item.type !== 'Container') continue;
    for (const [k, v] of Object.entries(item.defaultRequest ?? {})) requests.set(k, canonical(v));
    for (const [k, v] of Object.entries(item.default ?? {})) limits.set(k, canonical(v));
  }
  return { requests, limits };
}

function mergeContainer(c: any, defaults: ReturnType<typeof containerDefaults>, kind: 'container' | 'init container', notes: string[]): void {
  if (!c || typeof c !== 'object') return;
  const fill = (field: 'requests' | 'limits', from: Map<string, string>): string[] => {
    const set: string[] = [];
    for (const [name, q] of from) {
      const current = c.resources?.[field];
      if (current && typeof current === 'object' && name in current) continue;
      c.resources ??= {};
      c.resources[field] ??= {};
      c.resources[field][name] = q;
      set.push(name);
    }
    return set.sort();
  };
  const limits = fill('limits', defaults.limits);
  const requests = fill('requests', defaults.requests);
  if (requests.length) notes.push(limitRangerSetEntry(requests, 'request', kind, String(c.name ?? '')));
  if (limits.length) notes.push(limitRangerSetEntry(limits, 'limit', kind, String(c.name ?? '')));
}

/**
 * mutateLimitRanges is LimitRanger's Admit for a Pod create: for each LimitRange in turn, fills
 * missing container and init-container requests/limits from its Container defaults and, if it set
 * anything, (re)writes the kubernetes.io/limit-ranger annotation. Other kinds are left alone.
 */
export function mutateLimitRanges(obj: KubeObject, limitRanges: readonly KubeObject[]): void {
  if (obj.kind !== 'Pod') return;
  for (const lr of limitRanges) {
    const defaults = containerDefaults(lr);
    const notes: string[] = [];
    for (const c of obj.spec?.containers ?? []) mergeContainer(c, defaults, 'container', notes);
    for (const c of obj.spec?.initContainers ?? []) mergeContainer(c, defaults, 'init container', notes);
    if (!notes.length) continue;
    obj.metadata.annotations ??= {};
    obj.metadata.annotations[LIMIT_RANGER_ANNOTATION] = LIMIT_RANGER_ANNOTATION_PREFIX + notes.join('; ');
  }
}

// Upstream ranges over Go maps (random order); sorting by resource name keeps messages deterministic.
const sortedEntries = (raw: Record<string, string | number> | undefined): [string, Quantity][] =>
  [...parseResourceList(raw)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function checkContainerItem(item: LimitRangeItem, type: string, requests: ResourceList, limits: ResourceList, errs: string[]): void {
  const push = (e: string | undefined) => { if (e) errs.push(e); };
  for (const [k, v] of sortedEntries(item.min)) push(minConstraint(type, k, v, requests, limits));
  for (const [k, v] of sortedEntries(item.max)) push(maxConstraint(type, k, v, requests, limits));
  for (const [k, v] of sortedEntries(item.maxLimitRequestRatio)) push(ratioConstraint(type, k, v, requests, limits));
}

/** limitRangeViolations lists one LimitRange's violations for a Pod or PVC, in upstream's order (resources sorted). */
export function limitRangeViolations(obj: KubeObject, limitRange: KubeObject): string[] {
  const errs: string[] = [];
  for (const item of items(limitRange)) {
    if (obj.kind === 'Pod' && item.type === 'Container') {
      for (const c of [...(obj.spec?.containers ?? []), ...(obj.spec?.initContainers ?? [])]) {
        checkContainerItem(item, 'Container', parseResourceList(c?.resources?.requests), parseResourceList(c?.resources?.limits), errs);
      }
    } else if (obj.kind === 'Pod' && item.type === 'Pod') {
      checkContainerItem(item, 'Pod', podRequests(obj), podLimits(obj), errs);
    } else if (obj.kind === 'PersistentVolumeClaim' && item.type === 'PersistentVolumeClaim') {
      // Claims are never defaulted and their limits are not user input: only requests count.
      const requests = parseResourceList(obj.spec?.resources?.requests);
      for (const [k, v] of sortedEntries(item.min)) {
        const e = minConstraint('PersistentVolumeClaim', k, v, requests, new Map());
        if (e) errs.push(e);
      }
      for (const [k, v] of sortedEntries(item.max)) {
        const e = maxRequestConstraint('PersistentVolumeClaim', k, v, requests);
        if (e) errs.push(e);
      }
    }
  }
  return errs;
}

const RESOURCE: Record<string, string> = { Pod: 'pods', PersistentVolumeClaim: 'persistentvolumeclaims' };

/**
 * validateLimitRanges is LimitRanger's Validate for a Pod or PVC: the first LimitRange with any
 * violation fails the request with 403, its violations aggregated ("[a, b]" when several).
 */
export function validateLimitRanges(obj: KubeObject, limitRanges: readonly KubeObject[]): void {
  const resource = RESOURCE[obj.kind];
  if (!resource) return;
  for (const lr of limitRanges) {
    const errs = limitRangeViolations(obj, lr);
    if (errs.length) throw forbidden('', resource, admissionName(obj), aggregate(errs));
  }
}

/**
 * admitLimitRanges runs both halves back to back: mutateLimitRanges then validateLimitRanges.
 * Prefer calling the halves separately around strategy validation (see the file comment).
 */
export function admitLimitRanges(obj: KubeObject, limitRanges: KubeObject[]): void {
  mutateLimitRanges(obj, limitRanges);
  validateLimitRanges(obj, limitRanges);
}
