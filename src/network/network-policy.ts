/**
 * network-policy: NetworkPolicy evaluation — whether a connection from a source (a pod, or an
 * address outside the pod network) to a destination's port is allowed, and which policy and
 * rule decided, as the networking.k8s.io/v1 API specifies and Calico enforces:
 *  - a pod is isolated for a direction only when some policy in its namespace selects it
 *    with that policy type (policyTypes defaulting: Ingress always, Egress when the policy
 *    has egress rules); an isolated pod takes only what some rule of those policies allows;
 *  - a connection needs both the source's egress and the destination's ingress;
 *  - rules are ORed; within a rule, ports and peers must both match (an absent or empty list
 *    matches everything); within one peer, podSelector and namespaceSelector are ANDed;
 *  - ipBlock matches pod addresses too, as Calico does (upstream leaves that to the plugin).
 * kubemu: Calico does not police host-network pods, so they are plain addresses here (their
 * node's IP); the connection is judged on the pod behind a Service (after kube-proxy's DNAT),
 * as Calico sees it.
 */
import type { KubeObject } from '../api/meta';
import { selectorMatches, type LabelSelector } from '../api/label-selector';
import { POLICY_TYPE_EGRESS, POLICY_TYPE_INGRESS, policyTypesOf } from '../api/network-policy';
import type { ApiClient } from '../apiserver/client';
import { compileIpBlock, ipBlockMatches, type IpBlock } from './network-policy-ipblock';

/** Protocol is a NetworkPolicyPort protocol (TCP when unset). */
export type Protocol = 'TCP' | 'UDP' | 'SCTP';
/** Direction is a policy type: which side of a connection a policy guards. */
export type Direction = 'Ingress' | 'Egress';

/** Endpoint is one end of a connection: an address, and the pod behind it when it is a pod's. */
export interface Endpoint { ip?: string; pod?: KubeObject }

/** Connection is what is judged: from, to, the destination port (the pod's, after DNAT) and protocol. */
export interface Connection { from: Endpoint; to: Endpoint; port: number; protocol?: Protocol }

/** RuleRef names a rule: its policy and the rule's index in spec.ingress or spec.egress. */
export interface RuleRef { namespace: string; policy: string; direction: Direction; index: number }

/**
 * SideVerdict is one direction's answer. `subject` says why policies did not apply: the end is
 * not a pod (an address), or a host-network pod. When policies apply, `isolating` names the
 * policies that select the pod for this direction (empty: not isolated, so allowed) and `rule`
 * the first rule (policies in name order, rules in order) that allows the connection.
 */
export interface SideVerdict {
  allowed: boolean;
  subject?: 'address' | 'host-network';
  isolating: string[];
  rule?: RuleRef;
}

/** Verdict is a connection's answer: allowed only when the source's egress and the destination's ingress both allow it. */
export interface Verdict { allowed: boolean; egress: SideVerdict; ingress: SideVerdict }

/** NetworkPolicySource is what evaluation reads: every NetworkPolicy and Namespace. */
export type NetworkPolicySource = Pick<ApiClient, 'list'>;

interface NamedPort { name: string; port: number; protocol: string }
interface PolicyPort { protocol: string; port?: number | string; endPort?: number }
interface Peer { podSelector?: LabelSelector; namespaceSelector?: LabelSelector; ipBlock?: IpBlock }
/** Rule is a compiled ingress or egress rule; undefined lists match everything. */
interface Rule { ports?: PolicyPort[]; peers?: Peer[] }
interface Policy {
  namespace: string;
  name: string;
  podSelector: LabelSelector;
  ingress?: Rule[];
  egress?: Rule[];
}

/**
 * Selection is the policies that select one pod for one direction, and what a verdict for it
 * depends on besides the other end's namespace and labels: its address (an ipBlock peer) and,
 * for egress, its container ports (a named port).
 */
interface Selection { policies: Policy[]; names: string[]; readsIP: boolean; readsPorts: boolean; verdicts: Map<string, SideVerdict> }

const NOT_ISOLATED: SideVerdict = Object.freeze({ allowed: true, isolating: [] as string[] }) as SideVerdict;
const ADDRESS: SideVerdict = Object.freeze({ allowed: true, subject: 'address', isolating: [] as string[] }) as SideVerdict;
const HOST_NETWORK: SideVerdict = Object.freeze({ allowed: true, subject: 'host-network', isolating: [] as string[] }) as SideVerdict;

function compileRule(rule: { ports?: any[]; from?: any[]; to?: any[] } | null, peerField: 'from' | 'to'): Rule {
  const ports = rule?.ports ?? [];
  const peers = rule?.[peerField] ?? [];
  return {
    ports: ports.length ? ports.map((p) => ({ protocol: p.protocol ?? 'TCP', port: p.port ?? undefined, endPort: p.endPort ?? undefined })) : undefined,
    peers: peers.length ? peers.map((p) => ({
      podSelector: p.podSelector ?? undefined,
      namespaceSelector: p.namespaceSelector ?? undefined,
      ipBlock: p.ipBlock ? compileIpBlock(p.ipBlock) : undefined,
    })) : undefined,
  };
}

/** compilePolicy reads a NetworkPolicy once into the form evaluation walks. */
function compilePolicy(np: KubeObject): Policy {
  const spec = np.spec ?? {};
  const types = policyTypesOf(spec);
  return {
    namespace: np.metadata.namespace ?? 'default',
    name: np.metadata.name ?? '',
    podSelector: spec.podSelector ?? {},
    ingress: types.includes(POLICY_TYPE_INGRESS) ? (spec.ingress ?? []).map((r: any) => compileRule(r, 'from')) : undefined,
    egress: types.includes(POLICY_TYPE_EGRESS) ? (spec.egress ?? []).map((r: any) => compileRule(r, 'to')) : undefined,
  };
}

/** policedPod is the pod behind an endpoint when policies apply to it (not a host-network pod). */
function policedPod(e: Endpoint): KubeObject | undefined {
  return e.pod && !e.pod.spec?.hostNetwork ? e.pod : undefined;
}

/** endpointIP is the address the other side sees. */
function endpointIP(e: Endpoint): string | undefined {
  return e.ip ?? e.pod?.status?.podIP;
}

function namedPorts(pod: KubeObject | undefined): NamedPort[] {
  const out: NamedPort[] = [];
  for (const c of pod?.spec?.containers ?? []) {
    for (const p of c.ports ?? []) if (p.name) out.push({ name: p.name, port: p.containerPort, protocol: p.protocol ?? 'TCP' });
  }
  return out;
}

/**
 * NetworkPolicyEvaluator answers connections against one read of the cluster's policies and
 * namespaces. Policies are indexed by namespace and compiled once; which policies select a pod
 * and which namespaces a namespaceSelector takes are remembered, so judging many pairs (a
 * Deployment against a Service's endpoints) costs a few selector matches each.
 */
export class NetworkPolicyEvaluator {
  private readonly byNamespace = new Map<string, Policy[]>();
  private readonly nsLabels = new Map<string, Record<string, string>>();
  private readonly selecting = new WeakMap<KubeObject, { Ingress?: Selection; Egress?: Selection }>();
  private readonly nsMatches = new WeakMap<LabelSelector, Map<string, boolean>>();
  private readonly identities = new WeakMap<KubeObject, string>();

  constructor(policies: readonly KubeObject[], namespaces: readonly KubeObject[]) {
    for (const np of policies) {
      const p = compilePolicy(np);
      const list = this.byNamespace.get(p.namespace) ?? [];
      list.push(p);
      this.byNamespace.set(p.namespace, list);
    }
    for (const list of this.byNamespace.values()) list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const ns of namespaces) this.nsLabels.set(ns.metadata.name!, ns.metadata.labels ?? {});
  }

  /** fromCluster reads every NetworkPolicy and Namespace through the API. */
  static fromCluster(api: NetworkPolicySource): NetworkPolicyEvaluator {
    return new NetworkPolicyEvaluator(api.list({ kind: 'NetworkPolicy' }), api.list({ kind: 'Namespace' }));
  }

  /** hasPolicies reports whether any policy exists (none: everything is allowed). */
  get hasPolicies(): boolean {
    return this.byNamespace.size > 0;
  }

  /** evaluate judges a connection: the source's egress, then the destination's ingress. */
  evaluate(conn: Connection): Verdict {
    const egress = this.side(conn, 'Egress');
    const ingress = this.side(conn, 'Ingress');
    return { allowed: egress.allowed && ingress.allowed, egress, ingress };
  }

  private side(conn: Connection, dir: Direction): SideVerdict {
    const self = dir === 'Egress' ? conn.from : conn.to;
    const pod = policedPod(self);
    if (!pod) return self.pod ? HOST_NETWORK : ADDRESS;
    const sel = this.selection(pod, dir);
    if (!sel.policies.length) return NOT_ISOLATED;
    // Many pairs share a verdict (a Deployment's pods against one endpoint): key it on what
    // the rules read of the other end, so each distinct case is judged once.
    const other = dir === 'Egress' ? conn.to : conn.from;
    const key = `${conn.port}/${conn.protocol ?? 'TCP'}\0${this.identity(other, sel)}`;
    let v = sel.verdicts.get(key);
    if (!v) {
      v = this.judge(sel, conn, dir);
      sel.verdicts.set(key, v);
    }
    return v;
  }

  private judge(sel: Selection, conn: Connection, dir: Direction): SideVerdict {
    for (const p of sel.policies) {
      const rules = (dir === 'Egress' ? p.egress : p.ingress)!;
      for (let i = 0; i < rules.length; i++) {
        if (this.ruleMatches(p, rules[i]!, conn, dir)) {
          return { allowed: true, isolating: sel.names, rule: { namespace: p.namespace, policy: p.name, direction: dir, index: i } };
        }
      }
    }
    return { allowed: false, isolating: sel.names };
  }

  /** identity is what a selection's rules can read of the other end, as a string. */
  private identity(e: Endpoint, sel: Selection): string {
    const pod = policedPod(e);
    let id = '';
    if (pod) {
      id = this.identities.get(pod) ?? '';
      if (!id) {
        id = `${pod.metadata.namespace ?? 'default'}\0${JSON.stringify(pod.metadata.labels ?? {})}`;
        this.identities.set(pod, id);
      }
    }
    if (sel.readsIP || !pod) id += `\0${endpointIP(e) ?? ''}`;
    if (sel.readsPorts && pod) id += `\0${pod.metadata.uid ?? pod.metadata.name}`;
    return id;
  }

  /** selection is the policies of the pod's namespace that select it for dir, in name order. */
  private selection(pod: KubeObject, dir: Direction): Selection {
    let entry = this.selecting.get(pod);
    if (!entry) { entry = {}; this.selecting.set(pod, entry); }
    let sel = entry[dir];
    if (!sel) {
      const ns = pod.metadata.namespace ?? 'default';
      const policies = (this.byNamespace.get(ns) ?? []).filter((p) => (dir === 'Egress' ? p.egress : p.ingress) && selectorMatches(p.podSelector, pod.metadata.labels));
      const rules = policies.flatMap((p) => (dir === 'Egress' ? p.egress : p.ingress)!);
      sel = {
        policies,
        names: policies.map((p) => p.name),
        readsIP: rules.some((r) => r.peers?.some((peer) => peer.ipBlock)),
        readsPorts: dir === 'Egress' && rules.some((r) => r.ports?.some((p) => typeof p.port === 'string')),
        verdicts: new Map(),
      };
      entry[dir] = sel;
    }
    return sel;
  }

  private ruleMatches(policy: Policy, rule: Rule, conn: Connection, dir: Direction): boolean {
    if (rule.ports && !rule.ports.some((p) => portMatches(p, conn))) return false;
    if (!rule.peers) return true;
    const other = dir === 'Egress' ? conn.to : conn.from;
    return rule.peers.some((peer) => this.peerMatches(policy, peer, other));
  }

  private peerMatches(policy: Policy, peer: Peer, e: Endpoint): boolean {
    if (peer.ipBlock) return ipBlockMatches(peer.ipBlock, endpointIP(e));
    const pod = policedPod(e);
    if (!pod) return false;
    const ns = pod.metadata.namespace ?? 'default';
    if (peer.namespaceSelector) {
      if (!this.namespaceMatches(peer.namespaceSelector, ns)) return false;
    } else if (ns !== policy.namespace) {
      // A podSelector alone selects pods in the policy's own namespace.
      return false;
    }
    if (peer.podSelector) return selectorMatches(peer.podSelector, pod.metadata.labels);
    // A peer with neither selector fails validation; a namespaceSelector alone takes every pod.
    return !!peer.namespaceSelector;
  }

  private namespaceMatches(sel: LabelSelector, ns: string): boolean {
    let m = this.nsMatches.get(sel);
    if (!m) { m = new Map(); this.nsMatches.set(sel, m); }
    let v = m.get(ns);
    if (v === undefined) {
      const labels = this.nsLabels.get(ns);
      // The API server labels every namespace with its name; a namespace read before that still has it.
      v = selectorMatches(sel, { ...labels, 'kubernetes.io/metadata.name': ns });
      m.set(ns, v);
    }
    return v;
  }
}

/**
 * portMatches: the protocol must match; no port matches every port of it; a number (with
 * endPort, a range) matches the destination port; a name matches when the destination pod
 * declares a container port of that name and protocol with the connection's number.
 */
function portMatches(p: PolicyPort, conn: Connection): boolean {
  if (p.protocol !== (conn.protocol ?? 'TCP')) return false;
  if (p.port === undefined) return true;
  if (typeof p.port === 'number') return p.endPort !== undefined ? conn.port >= p.port && conn.port <= p.endPort : conn.port === p.port;
  return namedPorts(policedPod(conn.to)).some((n) => n.name === p.port && n.protocol === p.protocol && n.port === conn.port);
}

/** ruleName renders a rule reference: `ns/policy ingress[0]`. */
export function ruleName(r: RuleRef): string {
  return `${r.namespace}/${r.policy} ${r.direction === 'Ingress' ? 'ingress' : 'egress'}[${r.index}]`;
}

/** describeSide says in a few words what decided one direction. */
export function describeSide(v: SideVerdict, pod: KubeObject | undefined, dir: Direction): string {
  if (v.subject === 'address') return 'not a pod';
  if (v.subject === 'host-network') return 'host network (not policed)';
  if (!v.isolating.length) return `not isolated for ${dir.toLowerCase()}`;
  if (v.rule) return `allowed by ${ruleName(v.rule)}`;
  const ns = pod?.metadata.namespace ?? 'default';
  return `denied: isolated by ${v.isolating.map((n) => `${ns}/${n}`).join(', ')}; no ${dir.toLowerCase()} rule matches`;
}
