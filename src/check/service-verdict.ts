/**
 * service-verdict: whether a Service would have endpoints — its selector matches some pod,
 * and each targetPort is one a selected container serves (a named port is declared by
 * name; a number is declared as a containerPort or is a port the image's server listens
 * on, per the image catalogue). A container that declares no ports and runs an image the
 * catalogue does not know could listen anywhere, so it never makes a finding.
 */
import type { KubeObject } from '../api/meta';
import { formatLabelSelector, selectorMatches } from '../api/label-selector';
import type { Cluster } from '../cluster/cluster';
import { imageInfo } from '../kubelet/images';
import type { Finding } from './model';
import { RULES } from './rules';

/** selectsNoPodsMessage is KM040's text. */
export const selectsNoPodsMessage = (name: string, selector: string, ns: string): string =>
  `service "${name}" has no endpoints: its selector ${selector} matches no pod in namespace "${ns}"`;

/** targetPortMessage is KM041's text. */
export const targetPortMessage = (name: string, port: number, target: number | string, exposed: readonly (number | string)[]): string =>
  `service "${name}" port ${port} targets ${typeof target === 'number' ? `port ${target}` : `the port named "${target}"`}, which no container of its pods exposes (${exposed.length ? `they expose ${exposed.join(', ')}` : 'they expose none'})`;

interface ContainerPort { name?: string; containerPort?: number }
interface Container { image?: string; ports?: ContainerPort[] }
interface ServicePort { port: number; targetPort?: number | string }

/** judgeService is a Service's ready phase. */
export function judgeService(cluster: Cluster, live: KubeObject): Finding[] {
  const selector = live.spec?.selector as Record<string, string> | undefined;
  if (live.spec?.type === 'ExternalName' || !selector || !Object.keys(selector).length) return [];
  const ns = live.metadata.namespace!;
  const name = live.metadata.name!;
  const pods = cluster.api.list({ kind: 'Pod', namespace: ns })
    .filter((p) => !p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && selectorMatches({ matchLabels: selector }, p.metadata.labels));
  if (!pods.length) {
    return [{ rule: RULES.serviceSelectsNothing.id, level: RULES.serviceSelectsNothing.level, phase: 'ready', message: selectsNoPodsMessage(name, formatLabelSelector({ matchLabels: selector }), ns) }];
  }
  const containers = pods.flatMap((p) => (p.spec?.containers ?? []) as Container[]);
  const findings: Finding[] = [];
  for (const sp of (live.spec?.ports ?? []) as ServicePort[]) {
    const target = sp.targetPort ?? sp.port;
    if (containers.some((c) => serves(c, target) !== false)) continue;
    const exposed = [...new Set(containers.flatMap((c) => exposedPorts(c, typeof target === 'string')))];
    findings.push({ rule: RULES.serviceTargetPort.id, level: RULES.serviceTargetPort.level, phase: 'ready', message: targetPortMessage(name, sp.port, target, exposed) });
  }
  return findings;
}

/** serves: true when the container serves target, false when it surely does not, undefined when it cannot be told. */
function serves(c: Container, target: number | string): boolean | undefined {
  const declared = c.ports ?? [];
  if (typeof target === 'string') return declared.some((p) => p.name === target);
  if (declared.some((p) => p.containerPort === target)) return true;
  const image = c.image ? imageInfo(c.image) : undefined;
  if (image?.known) return image.ports.includes(target);
  return declared.length ? false : undefined;
}

function exposedPorts(c: Container, named: boolean): (number | string)[] {
  const declared = c.ports ?? [];
  if (named) return declared.map((p) => p.name).filter((n): n is string => !!n);
  const image = c.image ? imageInfo(c.image) : undefined;
  return [...declared.map((p) => p.containerPort).filter((n): n is number => typeof n === 'number'), ...(image?.known ? image.ports : [])];
}
