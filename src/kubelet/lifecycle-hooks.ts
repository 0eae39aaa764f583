/**
 * lifecycle-hooks: a container's postStart and preStop handlers as the kubelet runs them
 * (pkg/kubelet/lifecycle/handlers.go): a command executed in the container, an HTTP GET of the
 * pod, or a sleep. A hook's output goes nowhere (the kubelet only logs it when the hook fails);
 * what an exec hook writes is in the container's files from then on.
 */
import type { KubeObject } from '../api/meta';
import { resolvePort } from './port-reference';
import { type FileEvent, type ShellConfig, runArgv } from './shell';

/** Hook event reasons and messages (pkg/kubelet/events; the messages leave the hook's output out, as it may hold secrets). */
export const FAILED_POST_START_HOOK = 'FailedPostStartHook';
export const FAILED_PRE_STOP_HOOK = 'FailedPreStopHook';
export const POST_START_FAILED_MESSAGE = 'PostStartHook failed';
export const PRE_STOP_FAILED_MESSAGE = 'PreStopHook failed';

/** HookRun is one run of a handler: how long it took (Infinity: it does not end by itself), whether it succeeded, and what it wrote. */
export interface HookRun { durationMs: number; ok: boolean; files: FileEvent[] }

/** HookEnv is the container a hook runs in: its shell's view of the container, and the ports its process serves. */
export interface HookEnv { container: KubeObject['spec']; shell: ShellConfig; serves(port: number): boolean }

/**
 * runHook runs a LifecycleHandler. An exec hook fails on a non-zero exit or a command that
 * cannot run; an HTTP GET on a port nothing serves; tcpSocket is accepted by the API for old
 * clients but no kubelet runs it ("invalid handler"), so it fails at once.
 */
export function runHook(handler: KubeObject['spec'], env: HookEnv): HookRun {
  if (handler?.exec) {
    const p = runArgv(handler.exec.command ?? [], env.shell);
    return { durationMs: p.exit ? p.exit.atMs : Infinity, ok: p.exit?.code === 0, files: p.files };
  }
  if (handler?.httpGet) return { durationMs: 0, ok: env.serves(resolvePort(handler.httpGet.port, env.container)), files: [] };
  if (handler?.sleep) return { durationMs: Math.max(0, Number(handler.sleep.seconds) || 0) * 1000, ok: true, files: [] };
  return { durationMs: 0, ok: false, files: [] };
}

/** withHookFiles lays a hook's writes over a process's, in time order (the hook's after the process's at the same moment). */
export function withHookFiles(files: FileEvent[], hook: FileEvent[]): FileEvent[] {
  if (!hook.length) return files;
  return [...files.map((e, i) => ({ e, i, hook: 0 })), ...hook.map((e, i) => ({ e, i, hook: 1 }))]
    .sort((a, b) => a.e.atMs - b.e.atMs || a.hook - b.hook || a.i - b.i).map((x) => x.e);
}
