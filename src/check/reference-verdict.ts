/**
 * reference-verdict: the ready phase of objects that point at others — an Ingress or
 * HTTPRoute at Services and their ports, a HorizontalPodAutoscaler at a workload (that must
 * exist and, for a resource metric, request that resource in every container), a
 * PodDisruptionBudget at pods it must leave some room to evict, and a NetworkPolicy that
 * must not leave a Service's pods reachable from nowhere. Judged once simulation is over.
 */
import type { KubeObject } from '../api/meta';
import { selectorMatches, type LabelSelector } from '../api/label-selector';
import type { Cluster } from '../cluster/cluster';
import { NetworkPolicyEvaluator } from '../network/network-policy';
import type { Finding } from './model';
import { RULES, type Rule } from './rules';
import { podsOf } from './workload-pods';

/** REFERENCE_KINDS are judged here. */
export const REFERENCE_KINDS: ReadonlySet<string> = new Set(['Ingress', 'HTTPRoute', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy']);

const finding = (rule: Rule, message: string): Finding => ({ rule: rule.id, level: rule.level, phase: 'ready', message });

interface ServicePort { name?: string; port: number; targetPort?: number | string; protocol?: string }

/** backendProblem says what is wrong with a backend Service reference (undefined: nothing). */
function backendProblem(cluster: Cluster, ns: string, name: string, port: number | string | undefined): string | undefined {
  const svc = cluster.api.tryGet({ kind: 'Service', namespace: ns, name });
  if (!svc) return `services "${name}" not found`;
  if (port === undefined) return undefined;
  const ports = (svc.spec?.ports ?? []) as ServicePort[];
  if (ports.some((p) => (typeof port === 'number' ? p.port === port : p.name === port))) return undefined;
  const has = ports.map((p) => (typeof port === 'number' ? String(p.port) : p.name ?? '')).filter(Boolean);
  return `service "${name}" has no port ${typeof port === 'number' ? port : `named "${port}"`} (it has ${has.length ? has.join(', ') : 'none'})`;
}

/** ingressBackendMessage is KM050's text. */
export const ingressBackendMessage = (kind: string, name: string, problem: string): string => `${kind.toLowerCase()} "${name}" backend: ${problem}`;

function judgeIngress(cluster: Cluster, live: KubeObject): Finding[] {
  const ns = live.metadata.namespace!;
  const backends: { name: string; port?: number | string }[] = [];
  const add = (b: { service?: { name?: string; port?: { number?: number; name?: string } } } | undefined) => {
    if (b?.service?.name) backends.push({ name: b.service.name, port: b.service.port?.number ?? b.service.port?.name });
  };
  add(live.spec?.defaultBackend);
  for (const r of (live.spec?.rules ?? []) as { http?: { paths?: { backend?: Parameters<typeof add>[0] }[] } }[]) for (const p of r.http?.paths ?? []) add(p.backend);
  return uniqueProblems(backends.map((b) => backendProblem(cluster, ns, b.name, b.port)))
    .map((p) => finding(RULES.ingressBackend, ingressBackendMessage('Ingress', live.metadata.name!, p)));
}

function judgeHttpRoute(cluster: Cluster, live: KubeObject): Finding[] {
  const problems: (string | undefined)[] = [];
  for (const rule of (live.spec?.rules ?? []) as { backendRefs?: { name?: string; namespace?: string; port?: number; kind?: string; group?: string }[] }[]) {
    for (const b of rule.backendRefs ?? []) {
      if ((b.kind ?? 'Service') !== 'Service' || (b.group ?? '') !== '' || !b.name) continue;
      problems.push(backendProblem(cluster, b.namespace ?? live.metadata.namespace!, b.name, b.port));
    }
  }
  return uniqueProblems(problems).map((p) => finding(RULES.ingressBackend, ingressBackendMessage('HTTPRoute', live.metadata.name!, p)));
}

const uniqueProblems = (ps: (string | undefined)[]): string[] => [...new Set(ps.filter((p): p is string => !!p))];

interface ResourceMetric { type?: string; resource?: { name?: string; target?: { type?: string } } }

/** hpaResources are the resources an HPA scales on by utilization (v1's default and v2's Resource metrics). */
function hpaResources(live: KubeObject): string[] {
  if (live.apiVersion === 'autoscaling/v1') return ['cpu'];
  const metrics = (live.spec?.metrics ?? []) as ResourceMetric[];
  if (!metrics.length) return ['cpu'];
  return metrics.filter((m) => m.type === 'Resource' && m.resource?.target?.type === 'Utilization' && m.resource.name).map((m) => m.resource!.name!);
}

function judgeHpa(cluster: Cluster, live: KubeObject): Finding[] {
  const ref = live.spec?.scaleTargetRef as { apiVersion?: string; kind?: string; name?: string } | undefined;
  if (!ref?.kind || !ref.name) return [];
  let target: KubeObject | undefined;
  let resource = `${ref.kind.toLowerCase()}s`;
  try {
    const info = cluster.api.registry().forKind(ref.apiVersion ?? 'v1', ref.kind);
    resource = info.group ? `${info.resource}.${info.group}` : info.resource;
    target = cluster.api.tryGet({ kind: info.storageKind, namespace: live.metadata.namespace, name: ref.name });
  } catch { /* an unknown kind: reported as not found below */ }
  if (!target) return [finding(RULES.hpaTarget, `the HPA controller was unable to get the target's current scale: ${resource} "${ref.name}" not found`)];
  const template = (target.spec?.template?.spec ?? {}) as { containers?: { name: string; resources?: { requests?: Record<string, string> } }[] };
  const podName = podsOf(cluster, target)[0]?.metadata.name;
  for (const res of hpaResources(live)) {
    const c = (template.containers ?? []).find((x) => !x.resources?.requests?.[res]);
    if (c) return [finding(RULES.hpaTarget, `failed to get ${res} utilization: missing request for ${res} in container ${c.name} of ${podName ? `Pod ${podName}` : `${ref.kind} ${ref.name}'s pod template`}`)];
  }
  return [];
}

/** pdbNoDisruptionMessage is KM052's text. */
export const pdbNoDisruptionMessage = (name: string, why: string): string =>
  `poddisruptionbudget "${name}" allows no disruption (${why}): every eviction, so kubectl drain and node upgrades, is refused with "Cannot evict pod as it would violate the pod's disruption budget."`;

function judgePdb(cluster: Cluster, live: KubeObject): Finding[] {
  const selector = live.spec?.selector as LabelSelector | undefined;
  const pods = selector ? cluster.api.list({ kind: 'Pod', namespace: live.metadata.namespace }).filter((p) => !p.metadata.deletionTimestamp && selectorMatches(selector, p.metadata.labels)) : [];
  const expected = pods.length;
  const maxU = live.spec?.maxUnavailable as number | string | undefined;
  const minA = live.spec?.minAvailable as number | string | undefined;
  const name = live.metadata.name!;
  if (maxU === 0 || maxU === '0%') return [finding(RULES.pdbNoDisruption, pdbNoDisruptionMessage(name, `maxUnavailable ${String(maxU)}`))];
  if (minA === '100%' && expected > 0) return [finding(RULES.pdbNoDisruption, pdbNoDisruptionMessage(name, 'minAvailable 100%'))];
  if (typeof minA === 'number' && expected > 0 && minA >= expected) return [finding(RULES.pdbNoDisruption, pdbNoDisruptionMessage(name, `minAvailable ${minA} ≥ ${expected} matching pod${expected === 1 ? '' : 's'}`))];
  return [];
}

/** PROBE_ADDRESSES stand for clients outside the pod network: a node, and the internet. */
const PROBE_ADDRESSES = ['172.18.0.2', '203.0.113.10'];

/** policyIsolatesMessage is KM053's text. */
export const policyIsolatesMessage = (policy: string, service: string, port: number): string =>
  `networkpolicy "${policy}" leaves service "${service}" port ${port} unreachable: no pod, namespace or address may connect to its pods`;

function judgeNetworkPolicy(cluster: Cluster, live: KubeObject): Finding[] {
  const ns = live.metadata.namespace!;
  const evaluator = NetworkPolicyEvaluator.fromCluster(cluster.api);
  const allPods = cluster.api.list({ kind: 'Pod' }).filter((p) => p.status?.podIP && !p.spec?.hostNetwork);
  const findings: Finding[] = [];
  for (const svc of cluster.api.list({ kind: 'Service', namespace: ns })) {
    const selector = svc.spec?.selector as Record<string, string> | undefined;
    if (!selector || !Object.keys(selector).length) continue;
    const backends = allPods.filter((p) => p.metadata.namespace === ns && selectorMatches({ matchLabels: selector }, p.metadata.labels));
    const dest = backends[0];
    if (!dest) continue;
    for (const sp of (svc.spec?.ports ?? []) as ServicePort[]) {
      const port = targetNumber(dest, sp.targetPort ?? sp.port);
      if (port === undefined) continue;
      const protocol = (sp.protocol ?? 'TCP') as 'TCP';
      const first = evaluator.evaluate({ from: { ip: PROBE_ADDRESSES[0] }, to: { pod: dest }, port, protocol });
      if (!first.ingress.isolating.includes(live.metadata.name!)) continue;
      const sources = [...PROBE_ADDRESSES.map((ip) => ({ ip })), ...allPods.filter((p) => p !== dest).map((pod) => ({ pod }))];
      if (sources.some((from) => evaluator.evaluate({ from, to: { pod: dest }, port, protocol }).ingress.allowed)) continue;
      findings.push(finding(RULES.policyIsolates, policyIsolatesMessage(live.metadata.name!, svc.metadata.name!, sp.port)));
    }
  }
  return findings;
}

function targetNumber(pod: KubeObject, target: number | string): number | undefined {
  if (typeof target === 'number') return target;
  for (const c of (pod.spec?.containers ?? []) as { ports?: { name?: string; containerPort?: number }[] }[]) {
    const p = (c.ports ?? []).find((x) => x.name === target);
    if (p?.containerPort) return p.containerPort;
  }
  return undefined;
}

/** judgeReference is the ready phase of a kind in REFERENCE_KINDS. */
export function judgeReference(cluster: Cluster, live: KubeObject): Finding[] {
  switch (live.kind) {
    case 'Ingress': return judgeIngress(cluster, live);
    case 'HTTPRoute': return judgeHttpRoute(cluster, live);
    case 'HorizontalPodAutoscaler': return judgeHpa(cluster, live);
    case 'PodDisruptionBudget': return judgePdb(cluster, live);
    case 'NetworkPolicy': return judgeNetworkPolicy(cluster, live);
    default: return [];
  }
}
