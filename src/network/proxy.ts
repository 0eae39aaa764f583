/**
 * proxy: where a connection to a Service lands, as kube-proxy programs it — ClusterIP:port
 * → one ready endpoint (address and target port) → the pod behind it.
 * kubemu: the first ready endpoint is always chosen (no random load-balancing).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';

/** Backend is the pod a connection reaches and the port it reaches it on. */
export interface Backend { ip: string; port: number; pod?: KubeObject }

/**
 * backendFor picks the endpoint behind service:port; undefined when there is none
 * (the connection is refused). A headless service's address is the endpoint itself.
 */
export function backendFor(service: KubeObject, address: string, port: number, api: Pick<ApiClient, 'tryGet'>): Backend | undefined {
  const ns = service.metadata.namespace!;
  const headless = service.spec?.clusterIP === 'None';
  const svcPort = (service.spec?.ports ?? []).find((p: { port: number }) => p.port === port);
  if (!svcPort && !headless) return undefined;
  const ep = api.tryGet({ kind: 'Endpoints', namespace: ns, name: service.metadata.name! });
  for (const subset of ep?.subsets ?? []) {
    const epPort = (subset.ports ?? []).find((p: { name?: string; port: number }) => (svcPort ? (p.name ?? '') === (svcPort.name ?? '') : p.port === port));
    for (const a of subset.addresses ?? []) {
      if (headless && a.ip !== address) continue;
      const pod = a.targetRef?.kind === 'Pod' ? api.tryGet({ kind: 'Pod', namespace: a.targetRef.namespace ?? ns, name: a.targetRef.name }) : undefined;
      return { ip: a.ip, port: epPort?.port ?? port, pod };
    }
  }
  return undefined;
}
