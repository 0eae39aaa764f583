/**
 * served-ports: the TCP ports a running container listens on, as its process model says —
 * the image's server on its default or configured ports (nginx `listen`, httpd `Listen` from a
 * mounted ConfigMap), or what its command starts (`python -m http.server 2222`, `nc -lk -p
 * 8080`, a shell script that ends in one). The same model the prober asks, so a Service reaches
 * a pod exactly when its probes would.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { containerConfig } from './container-config';
import { containerProcess } from './process';

/** servedPorts lists the ports container c of a running pod listens on (none when it is not running). */
export function servedPorts(pod: KubeObject, c: KubeObject['spec'], api: Pick<ApiClient, 'tryGet'>): number[] {
  const status = (pod.status?.containerStatuses ?? []).find((s: { name: string }) => s.name === c.name);
  const startedAt: string | undefined = status?.state?.running?.startedAt;
  if (!startedAt) return [];
  const cfg = containerConfig(pod, c, api);
  // No network context: what the server listens on does not depend on what it could reach.
  const model = containerProcess(pod, c, cfg, {
    startMs: Date.parse(startedAt), podIP: pod.status?.podIP, init: false,
    seed: `${pod.metadata.uid}/${c.name}/${status.restartCount ?? 0}`,
  });
  return model.startError ? [] : model.program.serves;
}
