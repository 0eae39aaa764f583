/** port-reference: how a probe or a lifecycle hook names the port it reaches (an IntOrString). */
import type { KubeObject } from '../api/meta';

/** resolvePort is the port a reference names: a number, or the name of one of the container's ports (0: none). */
export function resolvePort(port: number | string, c: KubeObject['spec']): number {
  if (typeof port === 'number') return port;
  if (/^\d+$/.test(port)) return Number(port);
  return (c.ports ?? []).find((p: { name?: string }) => p.name === port)?.containerPort ?? 0;
}
