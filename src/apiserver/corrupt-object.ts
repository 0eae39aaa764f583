/**
 * corrupt-object: how kube-apiserver answers a read of an object its storage cannot decode.
 * etcd3's store wraps the decoder's error as a corrupt-object StorageError (storage/errors.go,
 * etcd3/corrupt_obj_deleter.go), which reaches the client as a 500 InternalError naming the
 * etcd key, e.g. `Internal error occurred: StorageError: corrupt object, Code: 7, Key:
 * /registry/minions/w9, ResourceVersion: 0, AdditionalErrorMsg: object not decodable
 * revision=651: quantities must match …`.
 */
import type { ResourceInfo } from '../api/registry';
import type { CorruptObject } from '../store/store';
import { internalError, type ApiError } from './errors';

/** CODE_CORRUPT_OBJ is storage.ErrCodeCorruptObj. */
const CODE_CORRUPT_OBJ = 7;

/** ETCD_PREFIXES are the resources kube-apiserver keeps under another name than their plural. */
const ETCD_PREFIXES: Readonly<Record<string, string>> = {
  nodes: 'minions', services: 'services/specs', endpoints: 'services/endpoints', ingresses: 'ingress',
  replicationcontrollers: 'controllers', persistentvolumeclaims: 'persistentvolumeclaims',
};

/** storageKey is the object's etcd key under kube-apiserver's default --etcd-prefix (/registry). */
export function storageKey(info: ResourceInfo, namespace: string, name: string): string {
  const builtin = !info.group || !info.group.includes('.') || info.group.endsWith('.k8s.io');
  const resource = ETCD_PREFIXES[info.resource] && !info.group ? ETCD_PREFIXES[info.resource]! : builtin ? info.resource : `${info.group}/${info.resource}`;
  return `/registry/${resource}/${namespace ? `${namespace}/` : ''}${name}`;
}

/** corruptObjectText is the StorageError's text for a corrupt object. */
export function corruptObjectText(info: ResourceInfo, bad: CorruptObject): string {
  return `StorageError: corrupt object, Code: ${CODE_CORRUPT_OBJ}, Key: ${storageKey(info, bad.namespace, bad.name)}, ResourceVersion: 0, `
    + `AdditionalErrorMsg: object not decodable revision=${bad.revision}: ${bad.cause}`;
}

/** corruptObjectError is the API's answer to reading a corrupt object: 500 InternalError. */
export function corruptObjectError(info: ResourceInfo, bad: CorruptObject): ApiError {
  return internalError(corruptObjectText(info, bad));
}
