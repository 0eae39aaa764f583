/**
 * pid-namespace: the processes a container sees in /proc, so `ps` shows what it would. By
 * default a container has its own PID namespace: its main process is PID 1. With the pod's
 * shareProcessNamespace, every container shares the pod's, where the pause container is PID 1
 * and each container's main process follows; an ephemeral container with a
 * targetContainerName (`kubectl debug --target=c`) joins c's, so c's process is PID 1.
 * kubemu: one process per container (no workers), numbered 1, 7, 13… in the namespace's order.
 */
import type { KubeObject } from '../api/meta';

/** PAUSE_ARGV is the pause container's command line (registry.k8s.io/pause's entrypoint). */
export const PAUSE_ARGV = ['/pause'];

/** PID_STEP spaces the main processes' PIDs apart, as the runtime's own processes take those between. */
const PID_STEP = 6;

type Spec = KubeObject['spec'];

/** pidNamespaceArgvs lists the command lines of the processes container c sees, in PID order; argvOf gives another container's. */
export function pidNamespaceArgvs(pod: KubeObject, c: Spec, ownArgv: string[], argvOf: (spec: Spec) => string[]): string[][] {
  const spec = pod.spec ?? {};
  const argvFor = (s: Spec) => (s.name === c.name ? ownArgv : argvOf(s));
  if (spec.shareProcessNamespace) {
    const members: Spec[] = [...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
    if (!members.some((s) => s.name === c.name)) members.push(c);
    return [PAUSE_ARGV, ...members.map(argvFor)];
  }
  const target = c.targetContainerName ? (spec.containers ?? []).find((s: Spec) => s.name === c.targetContainerName) : undefined;
  const isEphemeral = (spec.ephemeralContainers ?? []).some((s: Spec) => s.name === c.name);
  if (target && isEphemeral) return [argvFor(target), ownArgv];
  return [ownArgv];
}

/** procFiles are /proc/PID/cmdline for each process (NUL-terminated arguments), PIDs 1, 7, 13… */
export function procFiles(argvs: readonly string[][]): Record<string, string> {
  return Object.fromEntries(argvs.map((argv, k) => [`/proc/${k === 0 ? 1 : 1 + k * PID_STEP}/cmdline`, argv.map((a) => `${a}\0`).join('')]));
}

/** processesIn reads /proc back: each process's PID and command line, in PID order. */
export function processesIn(paths: Iterable<string>, read: (path: string) => string | undefined): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (const p of paths) {
    const m = /^\/proc\/(\d+)\/cmdline$/.exec(p);
    if (m) out.push([Number(m[1]), (read(p) ?? '').split('\0').filter(Boolean).join(' ')]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}
