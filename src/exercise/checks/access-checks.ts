/**
 * access-checks: may a user do something (RBAC, as `kubectl auth can-i --as` asks), and may a
 * pod reach host:port (the network model as a pod's wget meets it: DNS, kube-proxy's rules,
 * NetworkPolicy, and whether anything listens).
 */
import { RbacAuthorizer, impersonatedUser, isSuperUser } from '../../apiserver/authorization';
import { fetchUrl } from '../../kubelet/net-tools';
import { fail, pass, type CheckContext, type Verdict } from './check-context';

export function checkCanI(ctx: CheckContext, as: string, verb: string, resource: string, namespace: string | undefined, expect: boolean): Verdict {
  const [typeArg, sub] = resource.split('/');
  const info = ctx.api.registry().resolve(typeArg!);
  const user = impersonatedUser(as, []);
  const ns = info.namespaced ? namespace ?? 'default' : undefined;
  const d = isSuperUser(user) ? { allowed: true, reason: '' }
    : new RbacAuthorizer(ctx.api).authorize({ user, verb, group: info.group, resource: info.resource, subresource: sub, namespace: ns });
  const asked = `${as} ${d.allowed ? 'can' : 'cannot'} ${verb} ${resource}${ns ? ` in ${ns}` : ''}`;
  return d.allowed === expect ? pass(asked) : fail(`${asked}, want ${expect ? 'yes' : 'no'}`);
}

export function checkConnect(ctx: CheckContext, from: string, namespace: string | undefined, to: string, expect: 'allowed' | 'denied'): Verdict {
  const ns = namespace ?? 'default';
  const pod = ctx.api.tryGet({ kind: 'Pod', namespace: ns, name: from });
  if (!pod || pod.status?.phase !== 'Running') return fail(`pod ${from} in namespace ${ns} is not running`);
  const r = fetchUrl(`http://${to}/`, { namespace: ns, api: ctx.api, pod, nowMs: ctx.nowMs });
  const verdict = r.ok ? 'allowed' : r.why === 'timeout' || r.why === 'dns-timeout' ? 'denied' : undefined;
  const what = r.ok ? `${from} → ${to}: connected` : r.why === 'resolve' ? `${from} → ${to}: bad address` : r.why === 'refused' ? `${from} → ${to}: connection refused` : `${from} → ${to}: timed out (dropped by NetworkPolicy)`;
  return verdict === expect ? pass(what) : fail(`${what}, want ${expect}`);
}
