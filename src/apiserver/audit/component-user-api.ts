/**
 * component-user-api: the API a component reconciles with, so that each of its writes reaches
 * admission as its own user (component-identities), as kube-apiserver authenticates a real
 * component: a ValidatingAdmissionPolicy's `request.userInfo` and `authorizer` see the
 * deployment controller's service account, not the admin. Reads pass straight through.
 */
import type { KubeObject, ObjectRef } from '../../api/meta';
import type { ApiServer } from '../apiserver';
import type { UserInfo } from '../authorization/user-info';
import { nodeOfCall } from './auditing-api';
import { componentIdentity } from './component-identities';

/** OBJECT_WRITES take the object written first; REF_WRITES take its reference. */
const OBJECT_WRITES = new Set(['create', 'update', 'updateStatus', 'apply', 'serverSideApply', 'updateEphemeralContainers']);
const REF_WRITES = new Set(['delete', 'evict', 'bind']);

/** componentUserApi wraps api for the named component; a component without an identity gets api itself. */
export function componentUserApi(api: ApiServer, component: string): ApiServer {
  const id = componentIdentity(component);
  if (!id) return api;
  const userOf = (method: string, first: unknown): UserInfo | undefined => {
    if (typeof id.user !== 'function') return { name: id.user.username, groups: id.user.groups };
    // A kubelet acts as the node its write is about.
    const call = OBJECT_WRITES.has(method)
      ? { body: first as KubeObject, name: (first as KubeObject | undefined)?.metadata?.name }
      : { ref: { ...(first as ObjectRef), kind: method === 'delete' ? (first as ObjectRef).kind : 'Pod' }, name: (first as ObjectRef | undefined)?.name };
    const node = nodeOfCall(api, call);
    if (!node) return undefined;
    const u = id.user(node);
    return { name: u.username, groups: u.groups };
  };
  // Reads are bound once per method, not per call: components call the API in hot loops.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (typeof prop !== 'string' || !(OBJECT_WRITES.has(prop) || REF_WRITES.has(prop))) {
        let fn = bound.get(prop);
        if (fn === undefined) bound.set(prop, (fn = value.bind(target)));
        return fn;
      }
      return (...args: unknown[]) => {
        const before = target.componentUser;
        target.componentUser = userOf(prop, args[0]);
        try { return value.apply(target, args); } finally { target.componentUser = before; }
      };
    },
  });
}
