/**
 * run-as-non-root: the kubelet's check, before it creates a container, that a container asked
 * to run as non-root will (pkg/kubelet/kuberuntime/security_context_others.go
 * verifyRunAsNonRoot, v1.32). The effective runAsNonRoot and runAsUser are the container's,
 * else the pod's; with no runAsUser the image's USER decides (none means root). A failure is
 * CreateContainerConfigError with the message below.
 */
import type { KubeObject } from '../api/meta';

/**
 * nonRootViolation is the error for container c of pod (podRef: `name_namespace(uid)`),
 * whose image runs as imageUser (Docker's USER: "", "1000", "1000:1000", "nginx"); or
 * undefined when the container may start.
 */
export function nonRootViolation(pod: KubeObject, c: KubeObject['spec'], imageUser: string, podRef: string): string | undefined {
  const podSC = pod.spec?.securityContext;
  const sc = c?.securityContext;
  const runAsNonRoot: boolean | undefined = sc?.runAsNonRoot ?? podSC?.runAsNonRoot;
  if (runAsNonRoot !== true) return undefined;
  const where = `(pod: ${JSON.stringify(podRef)}, container: ${c.name})`;
  const runAsUser: number | undefined = sc?.runAsUser ?? podSC?.runAsUser;
  if (runAsUser !== undefined) return runAsUser === 0 ? `container's runAsUser breaks non-root policy ${where}` : undefined;
  const user = imageUser.split(':')[0] ?? '';
  if (user === '' || user === '0') return `container has runAsNonRoot and image will run as root ${where}`;
  if (!/^\d+$/.test(user)) return `container has runAsNonRoot and image has non-numeric user (${user}), cannot verify user is non-root ${where}`;
  return undefined;
}
