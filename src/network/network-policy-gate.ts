/**
 * network-policy-gate: what a pod's tools ask of NetworkPolicy before they connect — may this
 * pod reach cluster DNS at all (UDP 53 to a CoreDNS pod behind kube-dns), and may it open this
 * connection. A denied packet is dropped (Calico's default action), so the caller reports a
 * timeout, never a refusal.
 * kubemu: DNS works when any one ready kube-dns endpoint is reachable (the resolver retries
 * and kube-proxy spreads queries over the endpoints).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { serviceSlices } from './proxy';
import { NetworkPolicyEvaluator, type Endpoint, type Protocol } from './network-policy';

/** DNS_PORT is the port CoreDNS serves on; the resolver asks over UDP first. */
export const DNS_PORT = 53;

interface DnsTarget { ip: string; targetRef?: { kind?: string; name: string; namespace?: string } }

/** PolicyGate answers one pod's connections; a gate without a source pod allows everything. */
export class PolicyGate {
  private evaluator?: NetworkPolicyEvaluator;

  constructor(private readonly api: Pick<ApiClient, 'list' | 'tryGet'>, private readonly source: KubeObject | undefined) {}

  private policies(): NetworkPolicyEvaluator {
    return (this.evaluator ??= NetworkPolicyEvaluator.fromCluster(this.api));
  }

  /** canConnect reports whether the source may open protocol/port to the destination (the pod behind a Service, after DNAT). */
  canConnect(to: Endpoint, port: number, protocol: Protocol = 'TCP'): boolean {
    if (!this.source) return true;
    const ev = this.policies();
    if (!ev.hasPolicies) return true;
    return ev.evaluate({ from: { pod: this.source }, to, port, protocol }).allowed;
  }

  /**
   * reach is this pod's packets as cluster DNS asks about them (dns.ts's Reach): whether they
   * get to address:port, judged against the pod that has the address.
   */
  reach(): (address: string, port: number, protocol: Protocol) => boolean {
    let byIP: Map<string, KubeObject> | undefined;
    return (address, port, protocol) => {
      if (!this.source || !this.policies().hasPolicies) return true;
      byIP ??= new Map(this.api.list({ kind: 'Pod' }).flatMap((p) => (p.status?.podIP ? [[p.status.podIP, p] as const] : [])));
      return this.canConnect({ ip: address, pod: byIP.get(address) }, port, protocol);
    };
  }

  /** canResolve reports whether the source's DNS queries reach CoreDNS (true when there is no endpoint to judge). */
  canResolve(): boolean {
    if (!this.source || !this.policies().hasPolicies) return true;
    // kube-proxy sends the query to one of kube-dns's ready endpoints, read from its slices.
    const svc = this.api.tryGet({ kind: 'Service', namespace: 'kube-system', name: 'kube-dns' });
    const targets: DnsTarget[] = (svc ? serviceSlices(svc, this.api) : []).flatMap((es) =>
      ((es.endpoints ?? []) as { addresses?: string[]; conditions?: { ready?: boolean }; targetRef?: DnsTarget['targetRef'] }[])
        .filter((e) => e.conditions?.ready !== false && e.addresses?.length)
        .map((e) => ({ ip: e.addresses![0]!, targetRef: e.targetRef })));
    if (!targets.length) return true;
    return targets.some((a) => {
      const pod = a.targetRef?.kind === 'Pod' ? this.api.tryGet({ kind: 'Pod', namespace: a.targetRef.namespace ?? 'kube-system', name: a.targetRef.name }) : undefined;
      return this.canConnect({ ip: a.ip, pod }, DNS_PORT, 'UDP');
    });
  }
}
