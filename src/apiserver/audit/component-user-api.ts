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
import { methodProxy } from '../method-proxy';

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
  return methodProxy(api, (name, method) => (typeof name === 'string' && (OBJECT_WRITES.has(name) || REF_WRITES.has(name))
    ? (...args: unknown[]) => {
      const before = api.componentUser;
      api.componentUser = userOf(name, args[0]);
      try { return method.apply(api, args); } finally { api.componentUser = before; }
    }
    : undefined));
}
