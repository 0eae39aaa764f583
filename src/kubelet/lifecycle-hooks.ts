/**
 * lifecycle-hooks: a container's postStart and preStop handlers as the kubelet runs them
 * (pkg/kubelet/lifecycle/handlers.go): a command executed in the container, an HTTP GET of the
 * pod, or a sleep. A hook's output goes nowhere (the kubelet only logs it when the hook fails);
 * what an exec hook writes is in the container's files from then on.
 */
import type { KubeObject } from '../api/meta';
import { goQuote } from '../api/go-quote';
import { resolvePort } from './port-reference';
import { type FileEvent, type ShellConfig, runArgv } from './shell';

/** Hook event reasons and messages (pkg/kubelet/events; the messages leave the hook's output out, as it may hold secrets). */
export const FAILED_POST_START_HOOK = 'FailedPostStartHook';
export const FAILED_PRE_STOP_HOOK = 'FailedPreStopHook';
export const POST_START_FAILED_MESSAGE = 'PostStartHook failed';
export const PRE_STOP_FAILED_MESSAGE = 'PreStopHook failed';

/**
 * HookRun is one run of a handler: how long it took (Infinity: it does not end by itself),
 * whether it succeeded, what it wrote, and when it failed the handler runner's message (the
 * container's waiting message after a failed postStart).
 */
export interface HookRun { durationMs: number; ok: boolean; files: FileEvent[]; failure?: string }

/**
 * HookEnv is the container a hook runs in: its shell's view of the container, the ports its
 * process serves, and its pod as the kubelet names it in messages (format.Pod:
 * name_namespace(uid)) with the pod's IP.
 */
export interface HookEnv { container: KubeObject['spec']; shell: ShellConfig; serves(port: number): boolean; pod: string; podIP: string }

/**
 * runHook runs a LifecycleHandler. An exec hook fails on a non-zero exit or a command that
 * cannot run; an HTTP GET on a port nothing serves; tcpSocket is accepted by the API for old
 * clients but no kubelet runs it ("invalid handler"), so it fails at once.
 */
export function runHook(handler: KubeObject['spec'], env: HookEnv): HookRun {
  const where = `for Container ${goQuote(env.container.name ?? '')} in Pod ${goQuote(env.pod)}`;
  if (handler?.exec) {
    const command: string[] = handler.exec.command ?? [];
    const p = runArgv(command, env.shell);
    const ok = p.exit?.code === 0;
    if (ok || !p.exit) return { durationMs: p.exit ? p.exit.atMs : Infinity, ok, files: p.files };
    // The runtime's ExecSync error (a CodeExitError with the command's stderr), then its output: stdout, then stderr.
    const text = (stream?: 'stderr') => p.lines.filter((l) => l.stream === stream).map((l) => (l.partial ? l.text : `${l.text}\n`)).join('');
    const error = `command '${command.join(' ')}' exited with ${p.exit.code}: ${text('stderr')}`;
    return { durationMs: p.exit.atMs, ok, files: p.files,
      failure: `Exec lifecycle hook ([${command.join(' ')}]) ${where} failed - error: ${error}, message: ${goQuote(text() + text('stderr'))}` };
  }
  if (handler?.httpGet) {
    const port = resolvePort(handler.httpGet.port, env.container);
    if (env.serves(port)) return { durationMs: 0, ok: true, files: [] };
    const host = handler.httpGet.host || env.podIP;
    const url = `${String(handler.httpGet.scheme ?? 'HTTP').toLowerCase()}://${host}:${port}${handler.httpGet.path ?? ''}`;
    return { durationMs: 0, ok: false, files: [],
      failure: `HTTP lifecycle hook (${handler.httpGet.path ?? ''}) ${where} failed - error: Get ${goQuote(url)}: dial tcp ${host}:${port}: connect: connection refused` };
  }
  if (handler?.sleep) return { durationMs: Math.max(0, Number(handler.sleep.seconds) || 0) * 1000, ok: true, files: [] };
  return { durationMs: 0, ok: false, files: [], failure: `Cannot run handler: invalid handler: ${goHandler(handler)}` };
}

/** goHandler is a LifecycleHandler as Go's %v prints it (the generated String()); only tcpSocket reaches it. */
function goHandler(handler: KubeObject['spec']): string {
  const tcp = handler?.tcpSocket;
  const port = tcp?.port;
  const intOrString = typeof port === 'string' ? `{1 0 ${port}}` : `{0 ${Number(port) || 0} }`;
  const tcpText = tcp ? `&TCPSocketAction{Port:${intOrString},Host:${tcp.host ?? ''},}` : 'nil';
  return `&LifecycleHandler{Exec:nil,HTTPGet:nil,TCPSocket:${tcpText},Sleep:nil,}`;
}

/** withHookFiles lays a hook's writes over a process's, in time order (the hook's after the process's at the same moment). */
export function withHookFiles(files: FileEvent[], hook: FileEvent[]): FileEvent[] {
  if (!hook.length) return files;
  return [...files.map((e, i) => ({ e, i, hook: 0 })), ...hook.map((e, i) => ({ e, i, hook: 1 }))]
    .sort((a, b) => a.e.atMs - b.e.atMs || a.hook - b.hook || a.i - b.i).map((x) => x.e);
}
