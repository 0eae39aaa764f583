/**
 * process: a container's process as the emulated runtime models it — derived only from the
 * pod spec (image, command, args, env, resources), the declared-behaviour annotations and
 * the instance's start time, so it can be recomputed at any moment (for status, probes
 * and logs) without storing anything.
 */
import { configuredPorts } from './server-config';
import type { KubeObject } from '../api/meta';
import { milliValue, tryParseQuantity, value } from '../api/quantity';
import { USAGE_ANNOTATION, UsageProfileError, firstTimeAbove, parseUsageProfiles, profileFor, profileValueAt, type UsageProfile, type UsageResource } from '../api/usage-profile';
import { imageInfo, parseImage, tagVersion, type ImageInfo } from './images';
import { containerFileStats, standingFoldersOf } from './file-stats';
import { commandDir } from './command-paths';
import { type FinishedCommand, type OutputLine, type Program, type ServerProgram, type ShellConfig, UTILITIES, runArgv, parseSleep } from './shell';
import { runHook, withHookFiles } from './lifecycle-hooks';
import { type NetContext, netCommand } from './net-tools';
import type { ContainerConfig } from './container-config';
import { expandRefs } from './container-config';
import { jitter } from './timing';
import { standardFiles } from './standard-files';
import { processUser } from './shell-system';
import { readOnlyPathsOf } from './read-only-paths';
import { componentOf, startFailure } from './component-flags';
import { NGINX_VERSION, nginxCommand } from './nginx-command';
import { podRef } from './pod-ref';

/** Declared-behaviour annotations (see docs/kubelet.md). */
export const EXIT_AFTER_ANNOTATION = 'kubemu.io/exit-after';
export const EXIT_CODE_ANNOTATION = 'kubemu.io/exit-code';
export const MEMORY_USAGE_ANNOTATION = 'kubemu.io/memory-usage';
export const CPU_USAGE_ANNOTATION = 'kubemu.io/cpu-usage';

/** PROFILE_STEP_MS and PROFILE_HORIZON_MS bound the search for when a waving memory profile first passes the limit. */
export const PROFILE_STEP_MS = 15_000;
export const PROFILE_HORIZON_MS = 7 * 24 * 3_600_000;

/** declaredProfile is a container's `kubemu.io/usage` profile for a resource; an invalid annotation (refused by the API server) declares none. */
export function declaredProfile(ann: Record<string, string>, container: string, resource: UsageResource): UsageProfile | undefined {
  const text = ann[USAGE_ANNOTATION];
  if (text === undefined) return undefined;
  try { return profileFor(parseUsageProfiles(text), container, resource); } catch (e) {
    if (e instanceof UsageProfileError) return undefined;
    throw e;
  }
}

/** OOM_AFTER_MS is how long a process over its memory limit runs before the OOM killer ends it. */
export const OOM_AFTER_MS = 1500;

/** ProcessModel is what one run of a container does. Times are relative to its start. */
export interface ProcessModel {
  program: Program;
  /** startError: the runtime could not start the process (StartError, exit code 128). */
  startError?: string;
  /** memoryBytes is its working set; over the memory limit it is OOMKilled at oomAtMs. */
  memoryBytes: number;
  oomAtMs?: number;
  cpuMilli: number;
  stopsOnSigterm: boolean;
  httpPaths?: string[];
  /** postStartFailAtMs: the postStart hook failed then, and the kubelet kills the container. */
  postStartFailAtMs?: number;
  /** postStartFailure is that failure's message, the container's waiting message once it is killed (PostStartHookError). */
  postStartFailure?: string;
  /**
   * sigtermExit is when and how a shell that traps SIGTERM ends if the signal reaches it at
   * atMs (relative times; undefined: it runs on, and the grace period's SIGKILL ends it).
   */
  sigtermExit?: (atMs: number) => { atMs: number; code: number } | undefined;
}

/**
 * execNotFound is runc's reason a command cannot be executed: a path is stat'ed, a bare name is
 * looked up in $PATH. The same for a container's process and for `kubectl exec`.
 */
export function execNotFound(bin: string): string {
  return bin.includes('/') ? `exec: "${bin}": stat ${bin}: no such file or directory` : `exec: "${bin}": executable file not found in $PATH`;
}

/** startErrorMessage is containerd's error when argv[0] cannot be executed. */
export function startErrorMessage(bin: string): string {
  return `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${execNotFound(bin)}: unknown`;
}

/** otherArgv is another container's command line as a process sharing its PID namespace sees it. */
export const otherArgv = (s: KubeObject['spec']): string[] => argvOf(s, imageInfo(s.image), {});

/** argvOf combines the image's ENTRYPOINT/CMD with the container's command/args as the runtime does. */
export function argvOf(c: KubeObject['spec'], info: ImageInfo, env: Record<string, string>): string[] {
  const command: string[] | undefined = c.command?.length ? c.command : undefined;
  const args: string[] | undefined = c.args?.length ? c.args : undefined;
  const argv = command ? [...command, ...(args ?? [])] : [...info.entrypoint, ...(args ?? info.cmd)];
  return argv.map((a) => expandRefs(a, env));
}

function pad(n: number): string { return String(n).padStart(2, '0'); }

function nginxTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function redisTime(ms: number): string {
  const d = new Date(ms);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${pad(d.getUTCDate())} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;
}

/** serverStart is the output and ports of an image's default server, started at startMs. */
function serverStart(repo: string, image: string, info: ImageInfo, startMs: number, env: Record<string, string>, cpus: () => number, files: Readonly<Record<string, string>>): ServerProgram {
  const at = (text: string, atMs = 0): OutputLine => ({ atMs, text });
  // A mounted configuration decides the ports (nginx `listen 8080`, httpd `Listen 8080`).
  const ports = configuredPorts(repo, files) ?? info.ports;
  switch (repo) {
    case 'nginx': {
      const t = nginxTime(startMs);
      const lines = [
        '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
        '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
        '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
        '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
        '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
        '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh',
        '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
        '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
        '/docker-entrypoint.sh: Configuration complete; ready for start up',
        `${t} [notice] 1#1: using the "epoll" event method`,
        `${t} [notice] 1#1: nginx/${tagVersion(image, NGINX_VERSION)}`,
        `${t} [notice] 1#1: built by gcc 12.2.0 (Debian 12.2.0-14)`,
        `${t} [notice] 1#1: OS: Linux 6.8.0-1015`,
        `${t} [notice] 1#1: getrlimit(RLIMIT_NOFILE): 1048576:1048576`,
        `${t} [notice] 1#1: start worker processes`,
        // worker_processes auto: one per CPU the node has (a CPU limit does not change the count).
        ...Array.from({ length: cpus() }, (_, i) => `${t} [notice] 1#1: start worker process ${29 + i}`),
      ];
      return { lines: lines.map((l) => at(l)), ports };
    }
    case 'redis': {
      const t = redisTime(startMs);
      return {
        lines: [
          `1:C ${t} * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo`,
          `1:C ${t} * Redis version=${tagVersion(image, '7.4.2')}, bits=64, commit=00000000, modified=0, pid=1, just started`,
          `1:C ${t} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf`,
          `1:M ${t} * Running mode=standalone, port=6379.`,
          `1:M ${t} * Server initialized`,
          `1:M ${t} * Ready to accept connections tcp`,
        ].map((l) => at(l)),
        ports,
      };
    }
    case 'httpd': {
      const ip = env.POD_IP_FOR_LOGS ?? '127.0.0.1';
      return {
        lines: [
          `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${ip}. Set the 'ServerName' directive globally to suppress this message`,
          `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${ip}. Set the 'ServerName' directive globally to suppress this message`,
          `[${new Date(startMs).toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1 $3 $2 $5.000000 $4')}] [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/${tagVersion(image, '2.4.63')} (Unix) configured -- resuming normal operations`,
        ].map((l) => at(l)),
        ports,
      };
    }
    default: return { lines: [], ports };
  }
}

/**
 * ncListenPort is the port of busybox `nc -l -p PORT` (and -lk, -lp PORT, -l -p PORT -e PROG):
 * a server until a client comes (with -k, for good). Undefined for any other command.
 */
function ncListenPort(args: string[]): number | undefined {
  if ((args[0] ?? '').replace(/^.*\//, '') !== 'nc') return undefined;
  let listen = false;
  let port: number | undefined;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (!/^-[a-zA-Z]+$/.test(a)) continue;
    if (a.includes('l')) listen = true;
    const p = a.indexOf('p');
    if (p >= 0 && p === a.length - 1 && /^\d+$/.test(args[i + 1] ?? '')) port = Number(args[i + 1]);
  }
  return listen && port !== undefined ? port : undefined;
}

/** MISSING_PASSWORD explains why the database images exit at once without credentials. */
const MISSING_PASSWORD: Record<string, { env: string[]; lines: string[] }> = {
  postgres: {
    env: ['POSTGRES_PASSWORD', 'POSTGRES_HOST_AUTH_METHOD'],
    lines: [
      'Error: Database is uninitialized and superuser password is not specified.',
      '       You must specify POSTGRES_PASSWORD to a non-empty value for the',
      '       superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".',
    ],
  },
  mysql: {
    env: ['MYSQL_ROOT_PASSWORD', 'MYSQL_ALLOW_EMPTY_PASSWORD', 'MYSQL_RANDOM_ROOT_PASSWORD'],
    lines: ['[ERROR] [Entrypoint]: Database is uninitialized and password option is not specified',
      '    You need to specify one of the following as an environment variable:',
      '    - MYSQL_ROOT_PASSWORD', '    - MYSQL_ALLOW_EMPTY_PASSWORD', '    - MYSQL_RANDOM_ROOT_PASSWORD'],
  },
};

export function memoryLimit(c: KubeObject['spec']): number | undefined {
  const v = c.resources?.limits?.memory;
  const q = tryParseQuantity(v);
  return q === undefined ? undefined : Number(value(q));
}

/** stressBytes reads polinux/stress-style `--vm-bytes 250M` arguments (the Kubernetes docs' OOM example). */
function stressBytes(argv: string[]): number | undefined {
  const i = argv.indexOf('--vm-bytes');
  if (i < 0) return undefined;
  const m = /^(\d+)([KMG]?)$/i.exec(argv[i + 1] ?? '');
  if (!m) return undefined;
  return Number(m[1]) * ({ '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2]!.toUpperCase()] ?? 1);
}

/**
 * ProcessOptions: the instance's start time, the pod's IP, whether it is an init container, and
 * the network its wget/curl/nslookup reach (none: they exit 0 without output).
 */
export interface ProcessOptions {
  startMs: number; podIP?: string; init: boolean; seed: string; net?: NetContext;
  /** stdin is what an attach sent to this instance, delayMs after it started (attached-stdin.ts). */
  stdin?: { text: string; delayMs: number };
  /** cpus is how many CPUs the node has, as a process counts them (nproc); asked only where it matters. */
  cpus?: () => number;
}

/** DEFAULT_CPUS stands for a node whose capacity is not known. */
export const DEFAULT_CPUS = 2;

/** containerProcess models what a container's process does when started at opts.startMs. */
export function containerProcess(pod: KubeObject, c: KubeObject['spec'], cfg: ContainerConfig, opts: ProcessOptions): ProcessModel {
  const info = imageInfo(c.image);
  const ref = parseImage(c.image);
  const repo = ref ? (ref.registry === 'docker.io' ? ref.repository.replace(/^library\//, '') : `${ref.registry}/${ref.repository}`) : c.image;
  const env = { ...cfg.env, ...(opts.podIP ? { POD_IP_FOR_LOGS: opts.podIP } : {}) };
  const argv = argvOf(c, info, cfg.env);
  const ann = pod.metadata.annotations ?? {};
  const declaredPorts: number[] = (c.ports ?? []).map((p: { containerPort: number }) => p.containerPort);
  const cpus = opts.cpus ?? (() => DEFAULT_CPUS);
  const defaultServer = (args: string[]): boolean => {
    const bin = (args[0] ?? '').replace(/^.*\//, '');
    const defaults = [...info.entrypoint, ...info.cmd].map((a) => a.replace(/^.*\//, ''));
    return info.server && (defaults.includes(bin) || info.binaries.some((b) => b.replace(/^.*\//, '') === bin));
  };
  const binary = (args: string[], atMs = 0): ServerProgram | FinishedCommand | 'exists' | undefined => {
    const bin = args[0] ?? '';
    const listen = ncListenPort(args);
    if (listen !== undefined) return { lines: [], ports: [listen] };
    // A network tool answers from the cluster as the process met it then (objects created
    // later are not there yet; net-tools.ts asOf).
    // A listener for served requests hears each at the simulated time the process made it.
    const net = opts.net && netCommand(c.image, args, { ...opts.net, asOfMs: opts.startMs + atMs, ...(opts.net.served ? { nowMs: opts.startMs + atMs } : {}) });
    if (net) return net;
    const base = bin.replace(/^.*\//, '');
    if (base === 'python' || base === 'python3') {
      const m = args.indexOf('http.server');
      if (args[1] === '-m' && m === 2) return { lines: [], ports: [Number(args[3] ?? 8000)] };
      return info.binaries.includes(base) || !info.known ? 'exists' : undefined;
    }
    if (!info.known) return { lines: [], ports: declaredPorts };
    const printed = repo === 'nginx' && base === 'nginx' ? nginxCommand(args, c.image) : undefined;
    if (printed) return printed;
    if (defaultServer(args)) {
      // docker-entrypoint.sh runs its argument: `docker-entrypoint.sh redis-server` is the server itself.
      return serverStart(repo, c.image, info, opts.startMs, env, cpus, cfg.files);
    }
    if (info.binaries.includes(bin) || info.binaries.includes(base)) return 'exists';
    if (base === 'nc' || base === 'httpd') {
      const p = args.indexOf('-p');
      return { lines: [], ports: p >= 0 ? [Number(args[p + 1])] : [] };
    }
    return undefined;
  };

  let program: Program;
  let startError: string | undefined;
  // What the init containers before this one left in the emptyDirs it shares with them (loaded
  // on use: reading them builds their process models, which import this module).
  let initFilesMemo: Record<string, string> | undefined;
  const initContainerFiles = (): Record<string, string> => (initFilesMemo ??= opts.net && sharesWithInits(pod, c)
    ? (require('./shared-volumes') as typeof import('./shared-volumes')).sharedVolumeFiles(pod, c, opts.net.api as Parameters<typeof import('./shared-volumes').sharedVolumeFiles>[2], opts.startMs, true)
    : {});
  // The container as its shell sees it: the process's, and a postStart hook's (which has no stdin).
  const containerShell = (): ShellConfig => {
    const user = processUser(pod.spec?.securityContext, c.securityContext);
    return {
      env, files: () => ({ ...initContainerFiles(), ...standardFiles(pod, c, argv, undefined, undefined, otherArgv), ...cfg.files }), user, readOnly: readOnlyPathsOf(pod, c), startMs: opts.startMs,
      shell: info.shell === 'bash' ? 'bash' : 'sh', binary,
      stat: containerFileStats(pod, c, user, opts.startMs, cfg.files), mountPoints: standingFoldersOf(c), commandDir: (n: string) => commandDir(c.image, n),
    };
  };
  let sigtermExit: ProcessModel['sigtermExit'];
  const first = argv[0] ?? '';
  const firstBase = first.replace(/^\/(usr\/)?(local\/)?s?bin\//, '');
  const hasShell = info.shell !== undefined || !info.known;
  const isUtility = hasShell && UTILITIES.has(firstBase) && !(firstBase === 'bash' && info.shell === 'sh');
  const missingPassword = MISSING_PASSWORD[repo];
  if (!argv.length) {
    // kubemu: an image with neither ENTRYPOINT nor CMD cannot start ("no command specified").
    startError = info.known ? 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: no command specified: unknown' : undefined;
    program = { lines: [], files: [], serves: declaredPorts };
  } else if (missingPassword && defaultServer(argv) && !missingPassword.env.some((k) => cfg.env[k])) {
    program = { lines: missingPassword.lines.map((text) => ({ atMs: 0, text })), files: [], serves: [], exit: { atMs: 0, code: 1 } };
  } else if (componentOf(argv) && info.binaries.includes(firstBase) && componentFailure(c, argv, cfg, opts.startMs)) {
    // A control-plane binary refusing its command line exits at once (a broken static pod manifest).
    const lines = componentFailure(c, argv, cfg, opts.startMs)!;
    program = { lines: lines.map((text) => ({ atMs: 0, text })), files: [], serves: [], exit: { atMs: 0, code: 1 } };
  } else if (repo === 'hello-world' && first === '/hello') {
    program = { lines: HELLO.map((text) => ({ atMs: 0, text })), files: [], serves: [], exit: { atMs: 0, code: 0 } };
  } else if (isUtility || binary(argv) !== undefined) {
    const shellCfg = { ...containerShell(), stdinOpen: !!c.stdin };
    program = runArgv(argv, shellCfg);
    if (program.termTrap && isUtility) {
      // The script runs again with the signal, once per moment asked (a stage asks for its delay, then acts on it).
      const stopped = new Map<number, Program['exit']>();
      sigtermExit = (atMs) => {
        if (!stopped.has(atMs)) stopped.set(atMs, runArgv(argv, { ...shellCfg, sigtermAtMs: atMs }).exit);
        return stopped.get(atMs);
      };
    }
    // A process waiting for stdin that an attach has since sent goes on from the attach.
    if (program.waitsForInput && !program.exit && opts.stdin) program = delayed(runArgv(argv, { ...shellCfg, stdin: opts.stdin.text }), opts.stdin.delayMs);
    delete env.POD_IP_FOR_LOGS;
  } else {
    startError = startErrorMessage(first);
    program = { lines: [], files: [], serves: [] };
  }
  if (!opts.init) program = applyDeclaredExit(program, ann);
  // The kubelet runs postStart once the process has started; it sees the files the process does.
  let postStartFailAtMs: number | undefined;
  let postStartFailure: string | undefined;
  const postStart = c.lifecycle?.postStart;
  if (postStart && !startError) {
    const serves = program.serves;
    const hook = runHook(postStart, { container: c, serves: (port) => serves.includes(port), shell: containerShell(), pod: podRef(pod), podIP: pod.status?.podIP ?? '' });
    program = { ...program, files: withHookFiles(program.files, hook.files) };
    if (!hook.ok && Number.isFinite(hook.durationMs)) {
      postStartFailAtMs = hook.durationMs;
      postStartFailure = hook.failure;
    }
  }

  const stress = stressBytes(argv);
  const usage = tryParseQuantity(ann[MEMORY_USAGE_ANNOTATION]);
  const memoryProfile = declaredProfile(ann, c.name, 'memory');
  const profileKey = `${pod.metadata.uid}/${c.name}`;
  const memoryBytes = memoryProfile ? profileValueAt(memoryProfile, opts.startMs, opts.startMs, profileKey)
    : usage !== undefined ? Number(value(usage)) : stress ?? info.memoryBytes;
  const limit = memoryLimit(c);
  let oomAtMs: number | undefined;
  // A memory profile that grows past the limit is killed when it gets there.
  const overAt = limit === undefined ? undefined : memoryProfile
    ? firstTimeAbove(memoryProfile, opts.startMs, limit, profileKey, PROFILE_STEP_MS, PROFILE_HORIZON_MS)
    : memoryBytes > limit ? 0 : undefined;
  if (!startError && overAt !== undefined) {
    const at = overAt + Math.round(OOM_AFTER_MS * (0.7 + 0.6 * jitter(`${opts.seed}/oom`)));
    if (!program.exit || program.exit.atMs > at) oomAtMs = at;
  }
  const cpu = tryParseQuantity(ann[CPU_USAGE_ANNOTATION]);
  return {
    program, startError, memoryBytes, oomAtMs,
    cpuMilli: cpu !== undefined ? Number(milliValue(cpu)) : (info.idleCpuMilli ?? (info.server ? 1 : 0)),
    // A shell as PID 1 ignores SIGTERM; one that exec'd the image's server is that server.
    stopsOnSigterm: info.stopsOnSigterm && (!isUtility || (program.execd !== undefined && defaultServer([program.execd]))),
    httpPaths: info.httpPaths,
    ...(postStartFailAtMs !== undefined ? { postStartFailAtMs, postStartFailure: postStartFailure ?? '' } : {}),
    ...(sigtermExit ? { sigtermExit } : {}),
  };
}

/**
 * componentFailure is what a control-plane binary prints when its command line keeps it from
 * starting. A file is missing when nothing is mounted over its path (the images are
 * distroless) or its mounted folder lacks it; a mounted folder showing nothing at all is a
 * host this process cannot see (a bare kubelet's), taken to have the file.
 */
function componentFailure(c: KubeObject['spec'], argv: string[], cfg: ContainerConfig, startMs: number): string[] | undefined {
  const mounts: string[] = (c.volumeMounts ?? []).map((m: { mountPath: string }) => m.mountPath.replace(/\/+$/, ''));
  const exists = (p: string): boolean | undefined => {
    if (cfg.files[p] !== undefined) return true;
    const mount = mounts.filter((m) => p.startsWith(`${m}/`)).sort((a, b) => b.length - a.length)[0];
    if (mount === undefined) return false;
    return Object.keys(cfg.files).some((f) => f.startsWith(`${mount}/`)) ? false : undefined;
  };
  return startFailure(argv, exists, startMs);
}

/**
 * delayed is a program that ran delayMs later than its start: kubemu: the whole run is moved,
 * which is exact for a process whose first act is reading stdin (a shell run with -i).
 */
function delayed(p: Program, delayMs: number): Program {
  const d = Math.max(0, delayMs);
  return {
    ...p,
    lines: p.lines.map((l) => ({ ...l, atMs: l.atMs + d })),
    files: p.files.map((e) => ({ ...e, atMs: e.atMs + d })),
    loop: p.loop && { ...p.loop, atMs: p.loop.atMs + d },
    exit: p.exit && { ...p.exit, atMs: p.exit.atMs + d },
  };
}

function applyDeclaredExit(p: Program, ann: Record<string, string>): Program {
  const after = ann[EXIT_AFTER_ANNOTATION];
  const code = ann[EXIT_CODE_ANNOTATION];
  if (after === undefined && code === undefined) return p;
  const afterMs = after !== undefined ? parseSleep(after) : undefined;
  const exitCode = code !== undefined && /^\d+$/.test(code) ? Number(code) & 255 : 0;
  const atMs = afterMs ?? p.exit?.atMs ?? 0;
  return { ...p, exit: { atMs, code: exitCode } };
}

const HELLO = [
  '',
  'Hello from Docker!',
  'This message shows that your installation appears to be working correctly.',
  '',
  'To generate this message, Docker took the following steps:',
  ' 1. The Docker client contacted the Docker daemon.',
  ' 2. The Docker daemon pulled the "hello-world" image from the Docker Hub.',
  '    (amd64)',
  ' 3. The Docker daemon created a new container from that image which runs the',
  '    executable that produces the output you are currently reading.',
  ' 4. The Docker daemon streamed that output to the Docker client, which sent it',
  '    to your terminal.',
  '',
  'To try something more ambitious, you can run an Ubuntu container with:',
  ' $ docker run -it ubuntu bash',
  '',
  'Share images, automate workflows, and more with a free Docker ID:',
  ' https://hub.docker.com/',
  '',
  'For more examples and ideas, visit:',
  ' https://docs.docker.com/get-started/',
  '',
];

/** RENDERED_LOOP_BYTES bounds the text a loop's rendered rounds hold (10 000 rounds of 1 KiB). */
const RENDERED_LOOP_BYTES = 10 * 1024 * 1024;

/** linesBetween returns the output a program wrote up to toMs (relative times), in order; a partial line joined to the next one it wrote to the same stream. */
export function linesBetween(p: Program, toMs: number): OutputLine[] {
  const out = p.lines.filter((l) => l.atMs <= toMs);
  if (p.loop && p.loop.atMs <= toMs) {
    const n = Math.floor((toMs - p.loop.atMs) / p.loop.periodMs) + 1;
    // kubemu: at most the last 10000 iterations are rendered, and no more than RENDERED_LOOP_BYTES of them.
    const rounds: OutputLine[][] = [];
    let bytes = 0;
    for (let i = n - 1; i >= Math.max(0, n - 10_000) && bytes < RENDERED_LOOP_BYTES; i--) {
      const base = p.loop.atMs + i * p.loop.periodMs;
      const round = p.loop.iteration(i).filter((l) => base + l.atMs <= toMs).map((l) => ({ ...l, atMs: base + l.atMs }));
      for (const l of round) bytes += l.text.length + 1;
      rounds.push(round);
    }
    for (let k = rounds.length - 1; k >= 0; k--) out.push(...rounds[k]!);
  }
  return joinPartial(out);
}

/** joinPartial continues each partial line with the next line of its stream (a loop's rounds are rendered one by one). */
function joinPartial(lines: OutputLine[]): OutputLine[] {
  const out: OutputLine[] = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    if (prev?.partial && prev.stream === l.stream) {
      const joined: OutputLine = { ...prev, text: prev.text + l.text };
      if (l.partial) joined.partial = true; else delete joined.partial;
      out[out.length - 1] = joined;
    } else out.push(l);
  }
  return out;
}

/** filesAt returns the container's files at relative time t (mounted files plus what the process wrote). */
export function filesAt(cfg: ContainerConfig, p: Program, t: number): Record<string, string> {
  const files = { ...cfg.files };
  for (const e of p.files) {
    if (e.atMs > t) break;
    if (e.content === undefined) delete files[e.path]; else files[e.path] = e.content;
  }
  return files;
}

/** sharesWithInits says container c mounts an emptyDir an init container of its pod mounts too. */
function sharesWithInits(pod: KubeObject, c: KubeObject['spec']): boolean {
  const emptyDirs = new Set(((pod.spec?.volumes ?? []) as { name: string; emptyDir?: unknown }[]).filter((v) => v.emptyDir !== undefined).map((v) => v.name));
  const mounts = (x: KubeObject['spec']) => ((x.volumeMounts ?? []) as { name: string }[]).filter((m) => emptyDirs.has(m.name)).map((m) => m.name);
  const mine = new Set(mounts(c));
  return mine.size > 0 && ((pod.spec?.initContainers ?? []) as KubeObject['spec'][]).some((i) => i.name !== c.name && mounts(i).some((n) => mine.has(n)));
}
