/**
 * control-plane-health: whether the control-plane components a node's manifests describe can
 * run, judged as the kubelet would find out. A manifest the kubelet cannot decode is skipped
 * (no pod); an image that cannot be pulled never starts; an unknown flag, or a file etcd
 * needs that is not on the host, makes the binary exit at once (CrashLoopBackOff). Any of
 * these takes the component down; etcd down takes the API server with it.
 */
import type { KubeObject } from '../api/meta';
import { parseManifest } from '../kubelet/static-pods';
import { pullFailure } from '../kubelet/images';
import { startFailure } from '../kubelet/component-flags';

export { CONTROL_PLANE_COMPONENTS, type ControlPlaneComponent } from '../kubelet/component-flags';
import type { ControlPlaneComponent } from '../kubelet/component-flags';

/**
 * manifestProblem says why a component's manifest keeps it from running; undefined when it
 * runs. hostHas says whether a file is on the node (etcd's hostPath mounts keep host paths).
 */
export function manifestProblem(component: ControlPlaneComponent, text: string | undefined, file: string, hostHas: (path: string) => boolean | undefined = () => undefined): string | undefined {
  if (text === undefined) return `no manifest ${file}`;
  const pod = parseManifest(text, file);
  if (typeof pod === 'string') return `the kubelet cannot decode ${file}: ${pod}`;
  const c: { image?: string; command?: string[]; args?: string[] } | undefined = (pod as KubeObject).spec?.containers?.[0];
  if (!c?.image) return `${file} has no container image`;
  const pull = pullFailure(c.image);
  if (pull) return pull.message;
  const argv = [...(c.command ?? []), ...(c.args ?? [])];
  if (!(c.command ?? [])[0]?.endsWith(component)) return `exec: "${(c.command ?? [])[0] ?? ''}": executable file not found in $PATH`;
  const failed = startFailure(argv, hostHas, 0);
  return failed ? failed.at(-1) : undefined;
}
