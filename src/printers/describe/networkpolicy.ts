/**
 * networkpolicy: `kubectl describe networkpolicy` (kubectl describeNetworkPolicy and
 * describeNetworkPolicySpec): the pod selector, then the allowed ingress and egress rules
 * per policy type. NetworkPolicies print no Events section.
 */
import type { NetworkPolicyEgressRule, NetworkPolicyIngressRule, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec } from '../../api/types/networking-v1';
import type { KubeObject } from '../../api/meta';
import { policyTypesOf } from '../../api/network-policy';
import type { DescribeContext } from './context';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './prefix-writer';
import { formatSelector } from './selector-string';
import { formatGoTime } from './time-format';

/** The one-line explanations kubectl prints for empty parts of a policy. */
export const NETPOL_ALL_PODS = '<none> (Allowing the specific traffic to all pods in this namespace)';
export const NETPOL_INGRESS_ISOLATED = '<none> (Selected pods are isolated for ingress connectivity)';
export const NETPOL_EGRESS_ISOLATED = '<none> (Selected pods are isolated for egress connectivity)';
export const NETPOL_ANY_PORT = 'To Port: <any> (traffic allowed to all ports)';
export const NETPOL_ANY_SOURCE = 'From: <any> (traffic not restricted by source)';
export const NETPOL_ANY_DESTINATION = 'To: <any> (traffic not restricted by destination)';

const INDENT = '    ';

// Go prints a nil *IntOrString with %s as <nil>.
const portText = (port: unknown): string => (port === undefined || port === null ? '<nil>' : String(port));

function printPorts(ports: NetworkPolicyPort[] | undefined, w: PrefixWriter): void {
  if (!ports || ports.length === 0) { w.write(LEVEL_0, `${INDENT}${NETPOL_ANY_PORT}\n`); return; }
  for (const p of ports) {
    const proto = p.protocol ?? 'TCP';
    if (p.endPort === undefined || p.endPort === null) w.write(LEVEL_0, `${INDENT}To Port: ${portText(p.port)}/${proto}\n`);
    else w.write(LEVEL_0, `${INDENT}To Port Range: ${portText(p.port)}-${p.endPort}/${proto}\n`);
  }
}

function printPeers(title: string, peers: NetworkPolicyPeer[], w: PrefixWriter): void {
  for (const peer of peers) {
    w.write(LEVEL_0, `${INDENT}${title}:\n`);
    if (peer.podSelector && peer.namespaceSelector) {
      w.write(LEVEL_1, `${INDENT}NamespaceSelector: ${formatSelector(peer.namespaceSelector)}\n`);
      w.write(LEVEL_1, `${INDENT}PodSelector: ${formatSelector(peer.podSelector)}\n`);
    } else if (peer.podSelector) {
      w.write(LEVEL_1, `${INDENT}PodSelector: ${formatSelector(peer.podSelector)}\n`);
    } else if (peer.namespaceSelector) {
      w.write(LEVEL_1, `${INDENT}NamespaceSelector: ${formatSelector(peer.namespaceSelector)}\n`);
    } else if (peer.ipBlock) {
      w.write(LEVEL_1, `${INDENT}IPBlock:\n`);
      w.write(LEVEL_2, `${INDENT}CIDR: ${peer.ipBlock.cidr ?? ''}\n`);
      w.write(LEVEL_2, `${INDENT}Except: ${(peer.ipBlock.except ?? []).join(', ')}\n`);
    }
  }
}

// One direction's rules: ports, then peers, rules separated by a dashed line.
function printRules(rules: (NetworkPolicyIngressRule & NetworkPolicyEgressRule)[] | undefined, peerField: 'from' | 'to', isolated: string, anyPeer: string, w: PrefixWriter): void {
  if (!rules || rules.length === 0) { w.write(LEVEL_0, `${INDENT}${isolated}\n`); return; }
  rules.forEach((rule, i) => {
    printPorts(rule.ports, w);
    const peers: NetworkPolicyPeer[] = rule[peerField] ?? [];
    if (peers.length === 0) w.write(LEVEL_0, `${INDENT}${anyPeer}\n`);
    else printPeers(peerField === 'from' ? 'From' : 'To', peers, w);
    if (i !== rules.length - 1) w.write(LEVEL_0, `${INDENT}----------\n`);
  });
}

/** describeNetworkPolicy renders a networking.k8s.io/v1 NetworkPolicy. */
export function describeNetworkPolicy(np: KubeObject, _ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = np.spec ?? {};
  w.write(LEVEL_0, `Name:\t${np.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${np.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Created on:\t${formatGoTime(np.metadata.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', np.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', np.metadata.annotations);
  w.write(LEVEL_0, 'Spec:\n');
  w.write(LEVEL_1, 'PodSelector: ');
  const sel = spec.podSelector ?? {};
  const empty = Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0;
  w.write(LEVEL_2, `${empty ? NETPOL_ALL_PODS : formatSelector(sel)}\n`);
  const types = policyTypesOf(spec);
  if (types.includes('Ingress')) {
    w.write(LEVEL_1, 'Allowing ingress traffic:\n');
    printRules(spec.ingress, 'from', NETPOL_INGRESS_ISOLATED, NETPOL_ANY_SOURCE, w);
  } else {
    w.write(LEVEL_1, 'Not affecting ingress traffic\n');
  }
  if (types.includes('Egress')) {
    w.write(LEVEL_1, 'Allowing egress traffic:\n');
    printRules(spec.egress, 'to', NETPOL_EGRESS_ISOLATED, NETPOL_ANY_DESTINATION, w);
  } else {
    w.write(LEVEL_1, 'Not affecting egress traffic\n');
  }
  w.write(LEVEL_1, `Policy Types: ${types.length > 0 ? types.join(', ') : '<none>'}\n`);
  return w.toString();
}
