/**
 * secret: the core/v1 Secret strategy — type Opaque by default, stringData folded into data,
 * key syntax, the keys each built-in type requires, immutable type and data.
 */
import type { Secret } from '../../api/types/kinds';
import type { StatusCause } from '../errors';
import { immutable, required, tooLong } from '../field-errors';
import { immutableDataCauses, keyCauses, MAX_CONFIG_SIZE } from './configmap';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isObject, type Strategy } from './strategy';

/** SERVICE_ACCOUNT_NAME_ANNOTATION names the account a service-account-token Secret belongs to. */
export const SERVICE_ACCOUNT_NAME_ANNOTATION = 'kubernetes.io/service-account.name';
/** REQUIRED_KEYS lists the data keys each built-in Secret type must carry. */
export const REQUIRED_KEYS: Readonly<Record<string, readonly string[]>> = {
  'kubernetes.io/dockercfg': ['.dockercfg'],
  'kubernetes.io/dockerconfigjson': ['.dockerconfigjson'],
  'kubernetes.io/ssh-auth': ['ssh-privatekey'],
  'kubernetes.io/tls': ['tls.crt', 'tls.key'],
};

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultSecret sets type Opaque and folds stringData into base64 data (as v1 conversion does). */
export function defaultSecret(obj: Secret): void {
  if (isObject(obj.stringData)) {
    const data: Record<string, string> = isObject(obj.data) ? obj.data : {};
    for (const [k, v] of Object.entries(obj.stringData)) data[k] = Buffer.from(String(v ?? ''), 'utf8').toString('base64');
    obj.data = data;
    delete obj.stringData;
  }
  if (!obj.type) obj.type = 'Opaque';
}

/** validateSecretData is ValidateSecret's data and type part. */
export function validateSecretData(obj: Secret): StatusCause[] {
  const out = keyCauses('data', obj.data);
  const data = isObject(obj.data) ? obj.data : {};
  const type = obj.type ?? 'Opaque';
  for (const key of REQUIRED_KEYS[type] ?? []) if (!(key in data)) out.push(required(`data[${key}]`));
  if (type === 'kubernetes.io/service-account-token' && !obj.metadata?.annotations?.[SERVICE_ACCOUNT_NAME_ANNOTATION]) {
    out.push(required(`metadata.annotations[${SERVICE_ACCOUNT_NAME_ANNOTATION}]`));
  }
  if (type === 'kubernetes.io/basic-auth' && !('username' in data) && !('password' in data)) out.push(required('data[username]'));
  let size = 0;
  for (const v of Object.values(data)) size += Math.floor(String(v ?? '').length * 3 / 4);
  if (size > MAX_CONFIG_SIZE) out.push(tooLong('data', '', MAX_CONFIG_SIZE));
  return out;
}

/** SECRET_STRATEGY is the Secret strategy. */
export const SECRET_STRATEGY: Strategy = {
  defaults: defaultSecret,
  validate: (obj: Secret) => [...validateObjectMeta(obj.metadata, META), ...validateSecretData(obj)],
  validateUpdate: (obj: Secret, old: Secret) => {
    const out = [...validateObjectMetaUpdate(obj, old, META), ...validateSecretData(obj), ...immutableDataCauses(obj, old, ['data'])];
    if ((obj.type ?? 'Opaque') !== (old.type ?? 'Opaque')) out.push(immutable('type', obj.type ?? ''));
    return out;
  },
};
