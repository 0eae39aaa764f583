/**
 * exec: kubectl exec POD [-c CONTAINER] -- COMMAND [args…] — runs a command in a running
 * container of the emulated runtime: the container's environment and files (mounted
 * ConfigMaps/Secrets, what its process wrote), the shell model of src/kubelet/shell.ts, and
 * cluster networking for nslookup/curl/wget. A non-zero exit is kubectl's
 * `command terminated with exit code N` with exit status N.
 * Mirrors kubernetes/kubectl pkg/cmd/exec/exec.go (v0.32) and the kubelet's exec errors.
 * kubemu: commands run to completion at once (sleep takes no time, a command that would run
 * forever prints what it printed and ends); -i/-t are accepted without a TTY.
 */
import type { KubeObject } from '../../api/meta';
import { badRequest } from '../../apiserver/errors';
import { authorizeRequest, serverSide } from '../../apiserver/authorization';
import { modelOf } from '../../kubelet/container-sync';
import { argvOf, execNotFound, filesAt, otherArgv } from '../../kubelet/process';
import { projectedRootCA, projectedToken, standardFiles } from '../../kubelet/standard-files';
import { SERVICE_ACCOUNT_MOUNT_PATH } from '../../api/service-account-mount';
import { processUser } from '../../kubelet/shell-system';
import { containerFileStats, standingFoldersOf } from '../../kubelet/file-stats';
import { commandDir } from '../../kubelet/command-paths';
import { CGROUP_ROOT } from '../../kubelet/cgroup-files';
import { containerUsageAt, newUsageContext } from '../../metrics/usage';
import { readOnlyPathsOf } from '../../kubelet/read-only-paths';
import { imageBinaryExists, imageInfo, repositoryOf } from '../../kubelet/images';
import { nginxCommand } from '../../kubelet/nginx-command';
import { type FinishedCommand, UTILITIES, runArgv } from '../../kubelet/shell';
import { type Layer, WRITABLE_LAYER_BYTES, annotationsAfter, applyLayer, diffLayer, layerOf } from '../../kubelet/filesystem';
import { imageHasNetTool, netCommand, runNetTool, NET_TOOLS, type ToolResult } from '../../kubelet/net-tools';
import { recordServed, type ServedRequest } from '../../kubelet/access-log';
import { sharedVolumeFiles } from '../../kubelet/shared-volumes';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import { DEFAULT_CONTAINER_ANNOTATION } from './logs';
import { attachablePod, targetObject } from './attachable-pod';
import { durationFlag } from './sim-wait';

export const ERR_NO_POD = 'pod, type/name or --filename must be specified';
export const ERR_NO_COMMAND = 'you must specify at least one command for the container';
export { ROOT_DIRS } from '../../kubelet/shell-system';

/** completedPod is exec's refusal for a pod that has finished. */
export const completedPod = (phase: string): string => `cannot exec into a container in a completed pod; current phase is ${phase}`;
/** containerNotFound is the API server's failure to upgrade to a container that is not running. */
export const containerNotFound = (name: string): string => `unable to upgrade connection: container not found ("${name}")`;
/** terminated is kubectl's line for a non-zero remote exit. */
export const terminated = (code: number): string => `command terminated with exit code ${code}`;
/** ociNotFound is containerd's failure to start an exec'd binary (exit 126). */
export const ociNotFound = (bin: string): string => `OCI runtime exec failed: exec failed: unable to start container process: ${execNotFound(bin)}: unknown`;

/** execCommand is `kubectl exec`. */
export const execCommand = defineCommand({
  name: 'exec',
  short: 'Execute a command in a container',
  usage: 'kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]',
  flags: [
    { name: 'container', short: 'c', type: 'string', help: 'Container name. If omitted, use the kubectl.kubernetes.io/default-container annotation for selecting the container to be attached or the first container in the pod will be chosen' },
    { name: 'stdin', short: 'i', type: 'bool', default: false, help: 'Pass stdin to the container' },
    { name: 'tty', short: 't', type: 'bool', default: false, help: 'Stdin is a TTY' },
    { name: 'quiet', short: 'q', type: 'bool', default: false, help: 'Only print output from the remote session' },
    { name: 'filename', short: 'f', type: 'stringSlice', default: [], help: 'to use to exec into the resource' },
    { name: 'pod-running-timeout', type: 'duration', default: '1m0s', help: 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running' },
  ],
  run(ctx) {
    const [target, ...command] = ctx.args;
    if (!target) throw new CliError(ERR_NO_POD);
    if (!command.length) throw new CliError(ERR_NO_COMMAND);
    const timeoutMs = durationFlag(ctx.flags['pod-running-timeout'], 'pod-running-timeout');
    const cluster = ctx.cluster();
    cluster.catchUp();
    const ns = ctx.namespace;
    const server = serverSide(cluster.api);
    const now = cluster.clock.nowMs();
    // TYPE/NAME reaches the workload's most active pod, as attach and port-forward do (AttachablePodForObject).
    const pod = attachablePod(ctx, targetObject(ctx, [target]), timeoutMs);
    const result = cluster.read(() => {
      const { spec, status, startMs } = runningContainer(ctx, cluster.api, pod);
      return runInContainer(pod, spec, status, startMs, command, server, now, stdinText(ctx));
    });
    if (result.layer) saveLayer(cluster, ns, result.layer);
    // The web servers it reached write their access-log lines.
    if (result.served?.length) cluster.write(() => recordServed(cluster.api, result.served!));
    // The two streams as the process wrote them: a terminal shows them interleaved.
    if (result.written) for (const w of result.written) { if (w.stderr) ctx.io.err(w.text); else ctx.io.out(w.text); }
    else { ctx.io.out(result.stdout); ctx.io.err(result.stderr); }
    if (result.code !== 0) {
      ctx.io.err(`${terminated(result.code)}\n`);
      return result.code;
    }
    return 0;
  },
});

/**
 * stdinText is what -i passes. kubemu: commands run to completion at once, so a terminal's
 * input (exec -it at a prompt) is not read: reading it would wait for Ctrl-D.
 */
export function stdinText(ctx: CommandContext): string | undefined {
  if (!ctx.flags.stdin) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (ctx.io.stdinFd !== undefined && (require('node:tty') as typeof import('node:tty')).isatty(ctx.io.stdinFd)) return undefined;
  return ctx.io.readStdinBytes();
}

/** defaultContainer is podcmd.FindOrDefaultContainerByName: the annotated container or the first, with the "Defaulted" notice. */
/**
 * runningContainer is the container of pod an exec (or cp, which kubectl runs as an exec of
 * tar) reaches: -c or the default one, authorized for pods/exec, running on a node; kubectl's
 * errors otherwise.
 */
export function runningContainer(ctx: CommandContext<{ container?: string }>, api: Parameters<typeof authorizeRequest>[0], pod: KubeObject): { name: string; spec: KubeObject['spec']; status: KubeObject['status']; startMs: number } {
  if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') throw new CliError(completedPod(pod.status.phase));
  const name = ctx.flags.container || defaultContainer(ctx, pod);
  return execTarget(api, pod, name);
}

/**
 * execTarget is the running container name of pod an exec request reaches, authorized for
 * pods/exec; the API server's and kubelet's errors otherwise. serve's pods/exec shares it.
 */
export function execTarget(api: Parameters<typeof authorizeRequest>[0], pod: KubeObject, name: string): { name: string; spec: KubeObject['spec']; status: KubeObject['status']; startMs: number } {
  authorizeRequest(api, 'create', 'Pod', pod.metadata.namespace!, pod.metadata.name!, 'exec');
  if (!pod.spec?.nodeName) throw badRequest(`pod ${pod.metadata.name} does not have a host assigned`);
  const spec = (pod.spec.containers ?? []).find((c: { name: string }) => c.name === name)
    ?? (pod.spec.initContainers ?? []).find((c: { name: string }) => c.name === name);
  const status = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].find((s: { name: string }) => s.name === name);
  const startedAt = status?.state?.running?.startedAt;
  if (!spec || !startedAt) throw new CliError(containerNotFound(name));
  return { name, spec, status, startMs: Date.parse(startedAt) };
}

export function defaultContainer(ctx: CommandContext, pod: KubeObject): string {
  const apps: { name: string }[] = pod.spec?.containers ?? [];
  const inits: { name: string }[] = pod.spec?.initContainers ?? [];
  const preferred = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (preferred && apps.some((c) => c.name === preferred)) return preferred;
  const chosen = apps[0]!.name;
  if (apps.length + inits.length > 1 && !ctx.flags.quiet) {
    const all = [...apps.map((c) => c.name), ...inits.map((c) => `${c.name} (init)`)].join(', ');
    ctx.io.err(`Defaulted container "${chosen}" out of: ${all}\n`);
  }
  return chosen;
}

/** LayerWrite is a container's writable layer as an exec left it, to be kept on the pod. */
export interface LayerWrite { pod: string; uid: string; container: string; containerID: string; files: Layer }

/** ExecResult is what an exec printed (written: the two streams in the order written), its exit status, and what it changed. */
type ExecResult = ToolResult & { layer?: LayerWrite; served?: ServedRequest[]; written?: { stderr: boolean; text: string }[] };

/** saveLayer keeps what an exec wrote, as the kubelet does, unless the container restarted meanwhile. */
export function saveLayer(cluster: ReturnType<CommandContext['cluster']>, ns: string, w: LayerWrite): void {
  cluster.write(() => {
    const pod = cluster.api.tryGet({ kind: 'Pod', namespace: ns, name: w.pod });
    if (!pod || pod.metadata.uid !== w.uid) return;
    const cs = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].find((s: { name: string }) => s.name === w.container);
    if (cs?.containerID !== w.containerID) return;
    cluster.api.update({ ...pod, metadata: { ...pod.metadata, annotations: annotationsAfter(pod, w.container, w.containerID, w.files) } }, { fieldManager: 'kubelet' });
  });
}

/** ContainerView is a container's files as exec sees them: the image's and the process's, under its writable layer. */
export interface ContainerView {
  cfg: ReturnType<typeof modelOf>['cfg'];
  /** base is the files without the writable layer; files is what a process in the container sees. */
  base: Record<string, string>;
  containerID: string;
  before: Layer;
  files: Record<string, string>;
}

/** containerView is the one view of a container's filesystem that exec and cp share. */
export function containerView(pod: KubeObject, spec: KubeObject['spec'], status: KubeObject['status'], startMs: number,
  api: Parameters<typeof modelOf>[0]['api'], nowMs: number): ContainerView {
  const info = imageInfo(spec.image);
  const { model, cfg: made } = modelOf({ pod, api }, { spec, status: status ?? {}, init: false, sidecar: false }, startMs);
  const mountsToken = (spec.volumeMounts ?? []).some((m: { mountPath?: string }) => m.mountPath === SERVICE_ACCOUNT_MOUNT_PATH);
  const token = mountsToken ? projectedToken(api, pod) : undefined;
  const caPem = mountsToken ? projectedRootCA(api, pod) : undefined;
  const cfg = { ...made, files: { ...standardFiles(pod, spec, argvOf(spec, info, made.env), token, caPem, otherArgv), ...made.files } };
  // The cgroup's memory.current is the container's use as exec reads it.
  cfg.files[`${CGROUP_ROOT}/memory.current`] = `${containerUsageAt(pod, spec, startMs, () => model, Math.max(startMs, nowMs), newUsageContext(api)).memoryBytes}\n`;
  // What the pod's other containers wrote into emptyDirs this one mounts too is there as well.
  const base = { ...sharedVolumeFiles(pod, spec, api, nowMs), ...filesAt(cfg, model.program, nowMs - startMs) };
  const containerID: string = status?.containerID ?? '';
  const before = layerOf(pod, spec.name, containerID);
  return { cfg, base, containerID, before, files: applyLayer(base, before) };
}

/** runInContainer runs argv in the container as its process left it at nowMs. */
export function runInContainer(pod: KubeObject, spec: KubeObject['spec'], status: KubeObject['status'], startMs: number,
  argv: string[], api: Parameters<typeof modelOf>[0]['api'], nowMs: number, stdin?: string): ExecResult {
  const info = imageInfo(spec.image);
  const tool = (argv[0] ?? '').replace(/^.*\//, '');
  const served: ServedRequest[] = [];
  const net = { namespace: pod.metadata.namespace ?? 'default', api, pod, image: spec.image, nowMs, served: (r: ServedRequest) => { served.push(r); } };
  if (NET_TOOLS.has(tool) && imageHasNetTool(spec.image, tool)) return { ...runNetTool(argv, net)!, served };
  const { cfg, base, containerID, before, files } = containerView(pod, spec, status, startMs, api, nowMs);
  const bin = argv[0]!;
  const binBase = bin.replace(/^.*\//, '');
  const exists = UTILITIES.has(binBase) || info.binaries.includes(bin) || info.binaries.includes(binBase) || !info.known;
  if (!exists) return { stdout: '', stderr: `${ociNotFound(bin)}\n`, code: 126 };
  const user = processUser(pod.spec?.securityContext, spec.securityContext);
  const program = runArgv(argv, {
    env: cfg.env, files, startMs: nowMs, shell: info.shell === 'bash' ? 'bash' : 'sh',
    // A script's wget/curl/nslookup reach the network as the same tools run directly do.
    binary: (a) => netCommand(spec.image, a, net) ?? serverInfo(spec.image, a) ?? (imageBinaryExists(info, a[0] ?? '') ? 'exists' : undefined),
    writable: { base: cfg.files, limitBytes: WRITABLE_LAYER_BYTES }, stdin, user,
    readOnly: readOnlyPathsOf(pod, spec), stat: containerFileStats(pod, spec, user, startMs, cfg.files), mountPoints: standingFoldersOf(spec),
    commandDir: (n) => commandDir(spec.image, n),
  });
  const after = program.files.length ? diffLayer(base, filesAfter(files, program.files)) : before;
  let stdout = '';
  let stderr = '';
  const written: { stderr: boolean; text: string }[] = [];
  for (const l of program.lines) {
    const err = l.stream === 'stderr';
    const text = l.partial ? l.text : `${l.text}\n`;
    if (err) stderr += text; else stdout += text;
    const last = written[written.length - 1];
    if (last?.stderr === err) last.text += text; else written.push({ stderr: err, text });
  }
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  return { stdout, stderr, written, code: program.exit?.code ?? 0, served, layer: changed ? { pod: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '', container: spec.name, containerID, files: after } : undefined };
}

/** filesAfter applies an exec's file writes and removals, in order. */
function filesAfter(files: Record<string, string>, events: { path: string; content?: string }[]): Record<string, string> {
  const out = { ...files };
  for (const e of events) if (e.content === undefined) delete out[e.path]; else out[e.path] = e.content;
  return out;
}

/** serverInfo is what nginx's informational options print in an nginx image (nginx-command.ts). */
function serverInfo(image: string, argv: string[]): FinishedCommand | undefined {
  return repositoryOf(image) === 'nginx' && (argv[0] ?? '').replace(/^.*\//, '') === 'nginx' ? nginxCommand(argv, image) : undefined;
}
