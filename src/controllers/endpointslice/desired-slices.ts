/**
 * desired-slices: the EndpointSlices a selector Service should have, computed from its pods
 * (pure). Each pod becomes one endpoint with its ready/serving/terminating conditions; pods
 * whose resolved ports differ (a named targetPort that one pod maps elsewhere, or lacks) go
 * to different slices, as upstream groups endpoints by their ports' hash; each slice holds at
 * most MAX_ENDPOINTS_PER_SLICE endpoints.
 * Mirrors kubernetes staging/src/k8s.io/endpointslice reconciler.go and utils.go
 * (podToEndpoint, getEndpointPorts); kubemu: endpoints are sorted by address, so a slice's
 * content does not depend on the order pods were seen.
 */
import type { KubeObject } from '../../api/meta';
import { isPodReady } from '../../api/pod-util';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from '../../api/endpoint-slice-labels';

/** MAX_ENDPOINTS_PER_SLICE is kube-controller-manager's --max-endpoints-per-slice default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;
/** CONTROLLER_NAME is the endpointslice controller's managed-by value. */
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
/** HEADLESS_LABEL marks a headless Service's slices. */
export const HEADLESS_LABEL = 'service.kubernetes.io/headless';
/** TRIGGER_TIME_ANNOTATION records when the change a slice reflects happened. */
export const TRIGGER_TIME_ANNOTATION = 'endpoints.kubernetes.io/last-change-trigger-time';
/** ZONE_LABEL is the node label an endpoint's zone comes from. */
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/** EndpointPort is a discovery/v1 EndpointPort. */
export interface EndpointPort { name: string; port: number; protocol: string; appProtocol?: string }
/** Endpoint is a discovery/v1 Endpoint as this controller writes it. */
export interface Endpoint {
  addresses: string[];
  conditions: { ready: boolean; serving: boolean; terminating: boolean };
  hostname?: string;
  targetRef: { kind: 'Pod'; namespace: string; name: string; uid: string };
  nodeName?: string;
  zone?: string;
}
/** DesiredSlice is one slice's content: its ports and endpoints (null for the empty placeholder, as stored). */
export interface DesiredSlice { ports: EndpointPort[] | null; endpoints: Endpoint[] | null }

/**
 * shouldPodBeInSlices is ShouldPodBeInEndpoints with includeTerminating: a pod with an IP that
 * has not finished (terminating pods stay, marked terminating).
 */
export function shouldPodBeInSlices(pod: KubeObject): boolean {
  if (!pod.status?.podIP) return false;
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

/** findPort resolves a service port's targetPort on a pod (podutil.FindPort); undefined when a name matches no container port. */
export function findPort(pod: KubeObject, sp: { port: number; targetPort?: number | string; protocol?: string }): number | undefined {
  const tp = sp.targetPort ?? sp.port;
  if (typeof tp === 'number') return tp;
  if (/^\d+$/.test(tp)) return Number(tp);
  const proto = sp.protocol ?? 'TCP';
  for (const c of [...(pod.spec?.containers ?? [])]) {
    for (const p of c.ports ?? []) if (p.name === tp && (p.protocol ?? 'TCP') === proto) return p.containerPort;
  }
  return undefined;
}

/** endpointPorts is getEndpointPorts: the service's ports as this pod serves them, skipping ports it cannot resolve. */
export function endpointPorts(svc: KubeObject, pod: KubeObject): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** podToEndpoint is upstream's podToEndpoint: ready only if serving and not terminating (or publishNotReadyAddresses). */
export function podToEndpoint(svc: KubeObject, pod: KubeObject, node: KubeObject | undefined): Endpoint {
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata.deletionTimestamp;
  const ready = !!svc.spec?.publishNotReadyAddresses || (serving && !terminating);
  const ep: Endpoint = {
    addresses: [pod.status.podIP],
    conditions: { ready, serving, terminating },
  } as Endpoint;
  // A pod's hostname is published only when its subdomain names this Service (headless DNS).
  if (pod.spec?.hostname && pod.spec?.subdomain === svc.metadata.name) ep.hostname = pod.spec.hostname;
  ep.targetRef = { kind: 'Pod', namespace: pod.metadata.namespace!, name: pod.metadata.name!, uid: pod.metadata.uid! };
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata.labels?.[ZONE_LABEL];
  if (zone) ep.zone = zone;
  return ep;
}

const ipKey = (ip: string): string => ip.split('.').map((p) => p.padStart(3, '0')).join('.');

/** desiredSlices groups a Service's pods into slices; a Service with no endpoints gets one empty placeholder. */
export function desiredSlices(svc: KubeObject, pods: KubeObject[], nodeOf: (name: string) => KubeObject | undefined, max = MAX_ENDPOINTS_PER_SLICE): DesiredSlice[] {
  const groups = new Map<string, { ports: EndpointPort[]; endpoints: Endpoint[] }>();
  for (const pod of pods) {
    if (!shouldPodBeInSlices(pod)) continue;
    const ports = endpointPorts(svc, pod);
    const key = JSON.stringify(ports);
    let g = groups.get(key);
    if (!g) groups.set(key, g = { ports, endpoints: [] });
    g.endpoints.push(podToEndpoint(svc, pod, pod.spec?.nodeName ? nodeOf(pod.spec.nodeName) : undefined));
  }
  const out: DesiredSlice[] = [];
  for (const key of [...groups.keys()].sort()) {
    const g = groups.get(key)!;
    g.endpoints.sort((a, b) => ipKey(a.addresses[0]!).localeCompare(ipKey(b.addresses[0]!)) || a.targetRef.name.localeCompare(b.targetRef.name));
    for (let i = 0; i < g.endpoints.length; i += max) out.push({ ports: g.ports.length ? g.ports : null, endpoints: g.endpoints.slice(i, i + max) });
  }
  if (out.length === 0) out.push({ ports: null, endpoints: null });
  return out;
}

/** sliceLabels is setEndpointSliceLabels: the Service's labels plus the service-name and managed-by labels (and headless). */
export function sliceLabels(svc: KubeObject, managedBy = CONTROLLER_NAME): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(svc.metadata.labels ?? {})) {
    if (k !== SERVICE_NAME_LABEL && k !== MANAGED_BY_LABEL) labels[k] = v as string;
  }
  if (svc.spec?.clusterIP === 'None') labels[HEADLESS_LABEL] = '';
  labels[SERVICE_NAME_LABEL] = svc.metadata.name!;
  labels[MANAGED_BY_LABEL] = managedBy;
  return Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
}

/** triggerTime is the latest change the Service's slices reflect: its creation or a pod's readiness change. */
export function triggerTime(svc: KubeObject, pods: KubeObject[]): string {
  let t = svc.metadata.creationTimestamp ?? '';
  for (const p of pods) {
    const c = (p.status?.conditions ?? []).find((x: { type: string }) => x.type === 'Ready');
    const at: string | undefined = c?.lastTransitionTime;
    if (at && at > t) t = at;
  }
  return t;
}
