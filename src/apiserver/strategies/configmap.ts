/**
 * configmap: the core/v1 ConfigMap strategy — key syntax, total size, and the `immutable` flag.
 */
import { objectFields } from '../../api/object-fields';
import type { ConfigMap, Secret } from '../../api/types/kinds';
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, invalidValue, tooLong } from '../field-errors';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isConfigMapKey } from './names';
import { jsonEqual } from '../../api/deep-equal';
import { isObject, type Strategy } from './strategy';

/** MAX_CONFIG_SIZE is the 1 MiB limit on a ConfigMap's or Secret's data. */
export const MAX_CONFIG_SIZE = 1024 * 1024;
/** IMMUTABLE_WHEN_SET is the detail for changing data (or the flag) of an immutable ConfigMap/Secret. */
export const IMMUTABLE_WHEN_SET = 'field is immutable when `immutable` is set';

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** keyCauses validates the keys of one data map under its field name (data[key]). */
export function keyCauses(field: string, data: unknown): StatusCause[] {
  const out: StatusCause[] = [];
  for (const key of Object.keys(isObject(data) ? data : {})) {
    for (const m of isConfigMapKey(key)) out.push(invalidValue(`${field}[${key}]`, key, m));
  }
  return out;
}

/** validateConfigMapData is ValidateConfigMap's data part. */
export function validateConfigMapData(obj: ConfigMap): StatusCause[] {
  const out = [...keyCauses('data', obj.data), ...keyCauses('binaryData', obj.binaryData)];
  const data = isObject(obj.data) ? obj.data : {};
  let size = 0;
  for (const v of Object.values(data)) size += Buffer.byteLength(String(v ?? ''));
  for (const [k, v] of Object.entries(isObject(obj.binaryData) ? obj.binaryData : {})) {
    if (k in data) out.push(duplicate(`data[${k}]`, k));
    size += Math.floor(String(v ?? '').length * 3 / 4);
  }
  if (size > MAX_CONFIG_SIZE) out.push(tooLong('', '', MAX_CONFIG_SIZE));
  return out;
}

/** immutableDataCauses forbids data changes (and un-setting `immutable`) once immutable is true. */
export function immutableDataCauses(obj: ConfigMap | Secret, old: ConfigMap | Secret, dataFields: readonly string[]): StatusCause[] {
  if (old.immutable !== true) return [];
  const out: StatusCause[] = [];
  if (obj.immutable !== true) out.push(forbiddenField('immutable', IMMUTABLE_WHEN_SET));
  for (const f of dataFields) if (!jsonEqual(objectFields(obj)[f] ?? {}, objectFields(old)[f] ?? {})) out.push(forbiddenField(f, IMMUTABLE_WHEN_SET));
  return out;
}

/** CONFIGMAP_STRATEGY is the ConfigMap strategy. */
export const CONFIGMAP_STRATEGY: Strategy = {
  defaults: () => undefined,
  validate: (obj: ConfigMap) => [...validateObjectMeta(obj.metadata, META), ...validateConfigMapData(obj)],
  validateUpdate: (obj: ConfigMap, old: ConfigMap) => [
    ...validateObjectMetaUpdate(obj, old, META), ...validateConfigMapData(obj),
    ...immutableDataCauses(obj, old, ['data', 'binaryData']),
  ],
};
