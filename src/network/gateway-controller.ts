/**
 * gateway-controller: the status side of the Gateway API add-on's implementation (shaped like
 * NGINX Gateway Fabric 1.5, controllerName gateway.nginx.org/nginx-gateway-controller): its
 * GatewayClasses become Accepted; each of its Gateways gets Accepted and Programmed, its
 * listeners' attached-route counts and the data-plane pod's IP as address; each HTTPRoute
 * attached to one gets a parent status (Accepted, ResolvedRefs). Nothing is written while no
 * data-plane pod is ready — the controller runs in that pod. Routing is gateway-router.ts.
 * kubemu: as NGF 1.x, one Gateway per class is served (the oldest); the others are
 * reported as conflicting.
 */
import type { KubeObject } from '../api/meta';
import { deepEqual } from '../api/deep-equal';
import { isPodReady } from '../api/pod-util';
import type { Controller, ReconcileContext, Request, Result } from '../sim/controller';
import { NGF_CONTROLLER_NAME, isNgfPod } from './gateway-names';
import { attaches } from './gateway-router';
import { referenceGranted } from './gateway-http';

/** NAME is the controllers' field manager (and prefix of their component names). */
export const NAME = 'nginx-gateway-fabric';
const GROUP = 'gateway.networking.k8s.io';

interface Cond { type: string; status: 'True' | 'False' | 'Unknown'; reason: string; message: string }

/** conditions stamps wanted conditions with observedGeneration, keeping lastTransitionTime where the status did not change. */
function conditions(want: readonly Cond[], old: any[] | undefined, generation: number | undefined, nowISO: string): object[] {
  return want.map((c) => {
    const prev = (old ?? []).find((o) => o.type === c.type);
    const lastTransitionTime = prev && prev.status === c.status ? prev.lastTransitionTime : nowISO;
    return { type: c.type, status: c.status, observedGeneration: generation ?? 1, lastTransitionTime, reason: c.reason, message: c.message };
  });
}

/** dataPlanePod is a ready NGF pod, the one whose IP Gateways are given. */
function dataPlanePod(api: ReconcileContext['api']): KubeObject | undefined {
  return api.list({ kind: 'Pod', labelSelector: 'app.kubernetes.io/name=nginx-gateway' })
    .filter((p) => isNgfPod(p) && isPodReady(p) && !p.metadata.deletionTimestamp && p.status?.podIP)
    .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))[0];
}

const ourClass = (api: ReconcileContext['api'], name: string | undefined) =>
  !!name && api.tryGet({ kind: 'GatewayClass', name })?.spec?.controllerName === NGF_CONTROLLER_NAME;

const allOf = (kind: string) => (_: KubeObject, ctx: ReconcileContext): Request[] =>
  ctx.api.list({ kind }).map((o) => ({ namespace: o.metadata.namespace, name: o.metadata.name! }));

/** gatewayClassController accepts the GatewayClasses of this implementation. */
export const gatewayClassController: Controller = {
  name: `${NAME}-gatewayclass`,
  for: 'GatewayClass',
  watches: [{ kind: 'Pod', map: (pod, ctx) => (isNgfPod(pod) ? allOf('GatewayClass')(pod, ctx) : []) }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const cls = ctx.api.tryGet({ kind: 'GatewayClass', name: req.name });
    if (!cls || cls.spec?.controllerName !== NGF_CONTROLLER_NAME || !dataPlanePod(ctx.api)) return;
    const want = conditions([
      { type: 'Accepted', status: 'True', reason: 'Accepted', message: 'GatewayClass is accepted' },
      { type: 'SupportedVersion', status: 'True', reason: 'SupportedVersion', message: 'Gateway API CRD versions are supported' },
    ], cls.status?.conditions, cls.metadata.generation, ctx.clock.nowISO());
    if (deepEqual(cls.status?.conditions, want)) return;
    ctx.api.updateStatus({ ...cls, status: { ...cls.status, conditions: want } }, { fieldManager: NAME });
  },
};

/** routeResolution is an attached route's ResolvedRefs condition: its first unusable backendRef, if any. */
function routeResolution(route: KubeObject, api: ReconcileContext['api']): Cond {
  const ns = route.metadata.namespace ?? 'default';
  const rules: any[] = route.spec?.rules ?? [];
  for (let i = 0; i < rules.length; i++) {
    const refs: any[] = rules[i].backendRefs ?? [];
    for (let j = 0; j < refs.length; j++) {
      const r = refs[j];
      const at = `spec.rules[${i}].backendRefs[${j}]`;
      if ((r.kind ?? 'Service') !== 'Service' || (r.group ?? '') !== '') {
        return { type: 'ResolvedRefs', status: 'False', reason: 'InvalidKind', message: `${at}.kind: Unsupported value: "${r.kind}": supported values: "Service"` };
      }
      const toNs = r.namespace ?? ns;
      if (!referenceGranted(ns, toNs, r.name, api)) {
        return { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted', message: `${at}.namespace: Forbidden: Backend ref to Service ${toNs}/${r.name} not permitted by any ReferenceGrant` };
      }
      if (!api.tryGet({ kind: 'Service', namespace: toNs, name: r.name })) {
        return { type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound', message: `${at}.name: Not found: "${r.name}"` };
      }
    }
  }
  return { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs', message: 'All references are resolved' };
}

/** gatewayController keeps the status of this implementation's Gateways and their routes. */
export const gatewayController: Controller = {
  name: `${NAME}-gateway`,
  for: 'Gateway',
  watches: [
    { kind: 'Pod', map: (pod, ctx) => (isNgfPod(pod) ? allOf('Gateway')(pod, ctx) : []) },
    { kind: 'GatewayClass', map: allOf('Gateway') },
    {
      kind: 'HTTPRoute',
      map: (route) => (route.spec?.parentRefs ?? []).filter((p: any) => (p.kind ?? 'Gateway') === 'Gateway')
        .map((p: any) => ({ namespace: p.namespace ?? route.metadata.namespace, name: p.name })),
    },
    { kind: 'Service', map: allOf('Gateway') },
  ],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const gw = ctx.api.tryGet({ kind: 'Gateway', namespace: req.namespace, name: req.name });
    if (!gw || gw.metadata.deletionTimestamp || !ourClass(ctx.api, gw.spec?.gatewayClassName)) return;
    const pod = dataPlanePod(ctx.api);
    if (!pod) return;
    const now = ctx.clock.nowISO();
    const siblings = ctx.api.list({ kind: 'Gateway' }).filter((g) => g.spec?.gatewayClassName === gw.spec.gatewayClassName && !g.metadata.deletionTimestamp)
      .sort((a, b) => (Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? '')) || `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`));
    const winner = siblings[0]?.metadata.uid === gw.metadata.uid;
    const labels = (ns: string) => ctx.api.tryGet({ kind: 'Namespace', name: ns })?.metadata.labels ?? {};
    const routes = ctx.api.list({ kind: 'HTTPRoute' });
    const listeners = (gw.spec?.listeners ?? []).map((l: any) => {
      const old = (gw.status?.listeners ?? []).find((o: any) => o.name === l.name);
      const attached = winner ? routes.filter((r) => attaches(r, gw, [l], labels)).length : 0;
      return {
        name: l.name,
        supportedKinds: [{ group: GROUP, kind: 'HTTPRoute' }, { group: GROUP, kind: 'GRPCRoute' }],
        attachedRoutes: attached,
        conditions: conditions([
          { type: 'Accepted', status: 'True', reason: 'Accepted', message: 'Listener is accepted' },
          { type: 'Programmed', status: 'True', reason: 'Programmed', message: 'Listener is programmed' },
          { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs', message: 'All references are resolved' },
          { type: 'Conflicted', status: 'False', reason: 'NoConflicts', message: 'No conflicts' },
        ], old?.conditions, gw.metadata.generation, now),
      };
    });
    const gwConds: Cond[] = winner
      ? [{ type: 'Accepted', status: 'True', reason: 'Accepted', message: 'Gateway is accepted' }, { type: 'Programmed', status: 'True', reason: 'Programmed', message: 'Gateway is programmed' }]
      : [{ type: 'Accepted', status: 'False', reason: 'GatewayConflict', message: 'The resource is ignored due to a conflicting Gateway resource' },
        { type: 'Programmed', status: 'False', reason: 'GatewayConflict', message: 'The resource is ignored due to a conflicting Gateway resource' }];
    const status = {
      ...(winner ? { addresses: [{ type: 'IPAddress', value: pod.status.podIP }] } : {}),
      conditions: conditions(gwConds, gw.status?.conditions, gw.metadata.generation, now),
      ...(winner ? { listeners } : {}),
    };
    if (!deepEqual(gw.status, status)) ctx.api.updateStatus({ ...gw, status }, { fieldManager: NAME });
    for (const route of routes) syncRouteParent(route, gw, winner, labels, ctx);
  },
};

/** syncRouteParent writes a route's parent status for this gateway, keeping other controllers' entries. */
function syncRouteParent(route: KubeObject, gw: KubeObject, winner: boolean, labels: (ns: string) => Record<string, string>, ctx: ReconcileContext): void {
  const routeNs = route.metadata.namespace ?? 'default';
  const refs = (route.spec?.parentRefs ?? []).filter((p: any) => (p.kind ?? 'Gateway') === 'Gateway' && p.name === gw.metadata.name && (p.namespace ?? routeNs) === gw.metadata.namespace);
  if (!refs.length) return;
  const old: any[] = route.status?.parents ?? [];
  const mine = refs.map((p: any) => {
    const ok = winner && attaches({ ...route, spec: { ...route.spec, parentRefs: [p] } }, gw, gw.spec?.listeners ?? [], labels);
    const accepted: Cond = ok ? { type: 'Accepted', status: 'True', reason: 'Accepted', message: 'The route is accepted' }
      : { type: 'Accepted', status: 'False', reason: 'NotAllowedByListeners', message: 'Route is not allowed by any listener' };
    const parentRef = { group: GROUP, kind: 'Gateway', ...p, namespace: p.namespace ?? routeNs };
    const prev = old.find((o) => o.controllerName === NGF_CONTROLLER_NAME && deepEqual(o.parentRef, parentRef));
    return { parentRef, controllerName: NGF_CONTROLLER_NAME, conditions: conditions([accepted, routeResolution(route, ctx.api)], prev?.conditions, route.metadata.generation, ctx.clock.nowISO()) };
  });
  const others = old.filter((o) => o.controllerName !== NGF_CONTROLLER_NAME || !mine.some((m: any) => deepEqual(m.parentRef, o.parentRef)));
  const parents = [...others, ...mine];
  if (deepEqual(old, parents)) return;
  ctx.api.updateStatus({ ...route, status: { ...route.status, parents } }, { fieldManager: NAME });
}
