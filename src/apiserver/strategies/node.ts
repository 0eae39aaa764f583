/**
 * node: the core/v1 Node strategy — names, taints, podCIDR immutability once set.
 */
import type { StatusCause } from '../errors';
import { immutable, invalidValue, notSupported, required } from '../field-errors';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { validateLabelKey, validateLabelValue } from './names';
import { isObject, type Strategy } from './strategy';

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
  prepareForCreate(obj) { if (obj.metadata) delete obj.metadata.namespace; },
  prepareForUpdate(obj, old) { if (old.status !== undefined) obj.status = structuredClone(old.status); },
};
