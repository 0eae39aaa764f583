/**
 * node: the core/v1 Node strategy — names, taints, podCIDR immutability once set.
 */
import type { StatusCause } from '../errors';
import { immutable, invalidValue, notSupported, required } from '../field-errors';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { validateLabelKey, validateLabelValue } from './names';
import { isObject, type Strategy } from './strategy';
import { NEGATIVE_ERROR } from './field-rules';
import { tryParseQuantity } from '../../api/quantity';

/** TAINT_EFFECTS are the supported taint effects, in upstream order. */
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

const META: MetaOptions = { namespaced: false, nameFn: nameIsDNSSubdomain };

/** validateTaints checks each taint's key, value and effect, and duplicate key/effect pairs. */
export function validateTaints(field: string, taints: unknown): StatusCause[] {
  const out: StatusCause[] = [];
  const seen = new Set<string>();
  (Array.isArray(taints) ? taints : []).forEach((t: any, i: number) => {
    const p = `${field}[${i}]`;
    if (!isObject(t)) return;
    for (const m of validateLabelKey(String(t.key ?? ''))) out.push(invalidValue(`${p}.key`, t.key ?? '', m));
    if (t.value) for (const m of validateLabelValue(String(t.value))) out.push(invalidValue(`${p}.value`, t.value, m));
    if (!t.effect) out.push(required(`${p}.effect`));
    else if (!(TAINT_EFFECTS as readonly string[]).includes(t.effect)) out.push(notSupported(`${p}.effect`, t.effect, TAINT_EFFECTS));
    const key = `${t.key}:${t.effect}`;
    if (seen.has(key)) out.push({ field: p, message: `Duplicate value: ${JSON.stringify(`${t.key}:${t.effect}`)}: taints must be unique by key and effect pair` });
    seen.add(key);
  });
  return out;
}

/**
 * validateNodeResources checks status.capacity and status.allocatable as ValidateNode does
 * (ValidateResourceQuantityValue): every quantity non-negative, and whole for pods. A node
 * reporting negative room would break every scheduling decision that reads it.
 */
export function validateNodeResources(status: unknown): StatusCause[] {
  if (!isObject(status)) return [];
  const out: StatusCause[] = [];
  for (const list of ['capacity', 'allocatable'] as const) {
    const resources = (status as Record<string, unknown>)[list];
    if (!isObject(resources)) continue;
    for (const [name, raw] of Object.entries(resources)) {
      const q = tryParseQuantity(String(raw));
      if (!q) continue; // the decoder refuses what is not a quantity
      const field = `status.${list}.${name}`;
      if (q.nanos < 0n) out.push(invalidValue(field, String(raw), NEGATIVE_ERROR));
      else if (name === 'pods' && q.nanos % 1_000_000_000n !== 0n) out.push(invalidValue(field, String(raw), 'must be an integer'));
    }
  }
  return out;
}

/** NODE_STRATEGY is the Node strategy (status is the kubelet's). */
export const NODE_STRATEGY: Strategy = {
  defaults: () => undefined,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateTaints('spec.taints', obj.spec?.taints)],
  validateUpdate: (obj, old) => {
    const out = [...validateObjectMetaUpdate(obj, old, META), ...validateTaints('spec.taints', obj.spec?.taints)];
    const o = old.spec?.podCIDR;
    if (o && obj.spec?.podCIDR !== o) out.push(immutable('spec.podCIDRs', obj.spec?.podCIDR ?? ''));
    return out;
  },
  validateStatusUpdate: (obj) => validateNodeResources(obj.status),
  prepareForCreate(obj) { if (obj.metadata) delete obj.metadata.namespace; },
  prepareForUpdate(obj, old) { if (old.status !== undefined) obj.status = structuredClone(old.status); },
};
