/**
 * host-commands: the binaries a node host has beyond busybox's applets — systemctl,
 * journalctl, crictl, kubeadm, the kubelet's --version, and the editors (vi/vim/nano run the
 * user's $EDITOR on the file: the round trip kubectl edit makes). They answer from the
 * session's view of the node; systemctl's changes are recorded in the session's services
 * record, which the session writes back when the commands have run.
 * Output shapes: systemd 255, crictl v1.32 (tabwriter min width 20, padding 3), kubeadm v1.32.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { BinaryContext, FinishedCommand } from '../kubelet/shell';
import { fnv32a } from '../api/fnv32a';
import { tabulateRows } from '../api/go-tabwriter';
import { containerLogs } from '../kubelet/logs';
import { imageIDOf } from '../kubelet/container-sync';
import {
  UNITS, type ServicesState, type Unit, configLoadFailed, journalLine, kubeletFailLines, kubeletStartLines, stopLines, systemctlStatus,
} from './services';
import { KUBELET_CONFIG_PATH } from './host-files';
import { isControlPlaneNode } from '../api/well-known-labels';
import { aptGet, installed, kubeadmUpgrade } from './upgrade';
import { kubeadmCerts } from './certs';
import { kubeadmToken } from './kubeadm-token';
import type { Rand } from '../sim/rand';

/** HostCommandEnv is what the host's binaries see of the node and the cluster. */
export interface HostCommandEnv {
  node: KubeObject;
  api: ApiClient;
  nowMs: number;
  endpoint: string;
  services: ServicesState;
  /** edit runs the user's editor on a file's text; undefined when nothing was saved. */
  edit?: (path: string, text: string) => string | undefined;
  /** rand is the cluster's seeded generator (kubeadm's tokens). */
  rand: Rand;
  /** tools runs binaries the caller provides (etcdctl, etcdutl: they need the machine's files); undefined for others. */
  tools?: (argv: string[], cwd: string) => FinishedCommand | undefined;
}

const done = (output: string[], code = 0, writes?: FinishedCommand['writes']): FinishedCommand => ({ output, code, ...(writes ? { writes } : {}) });

/** unitOf reads systemctl's unit argument (kubelet, kubelet.service). */
function unitOf(arg: string | undefined): Unit | undefined {
  const name = (arg ?? '').replace(/\.service$/, '');
  return (UNITS as readonly string[]).includes(name) ? name as Unit : undefined;
}

/** kubeletConfigError is why the kubelet cannot start with the node's config file, if it cannot. */
function kubeletConfigError(files: BinaryContext): string | undefined {
  const text = files.read(KUBELET_CONFIG_PATH);
  if (text === undefined) return configLoadFailed(KUBELET_CONFIG_PATH, `failed to read kubelet config file "${KUBELET_CONFIG_PATH}", error: open ${KUBELET_CONFIG_PATH}: no such file or directory`);
  if (!/^kind:\s*KubeletConfiguration\s*$/m.test(text)) {
    return configLoadFailed(KUBELET_CONFIG_PATH, `failed to decode: Object 'Kind' is missing in '${text.split('\n')[0] ?? ''}'`);
  }
  return undefined;
}

function startUnit(env: HostCommandEnv, unit: Unit, files: BinaryContext, atMs: number): void {
  const st = env.services.units[unit];
  const pid = st.pid + 97;
  if (unit === 'kubelet') {
    const err = kubeletConfigError(files);
    if (err) {
      env.services.units.kubelet = { ...st, active: false, failed: true, since: atMs, pid };
      env.services.journal.push(...kubeletFailLines(atMs, pid, err));
      return;
    }
    // The kubelet starts from the installed package: after an upgrade, the new version.
    env.services.kubeletVersion = installed(env, 'kubelet');
    env.services.journal.push(...kubeletStartLines(env.node, atMs, pid, env.services.kubeletVersion));
  } else {
    env.services.journal.push({ ms: atMs, unit, proc: 'systemd[1]', text: `Started ${unit}.service - containerd container runtime.` });
  }
  env.services.units[unit] = { ...st, active: true, failed: false, since: atMs, pid };
}

function stopUnit(env: HostCommandEnv, unit: Unit, atMs: number): void {
  const st = env.services.units[unit];
  if (!st.active && !st.failed) return;
  env.services.journal.push(...stopLines(unit, atMs));
  env.services.units[unit] = { ...st, active: false, failed: false, since: atMs };
}

function systemctl(args: string[], env: HostCommandEnv, files: BinaryContext, atMs: number): FinishedCommand {
  const ops = args.filter((a) => !a.startsWith('-'));
  const [action, ...names] = ops;
  if (action === 'daemon-reload') return done([]);
  if (!action) return done(['systemctl: kubemu models: status, start, stop, restart, enable, disable, is-active, is-enabled, daemon-reload'], 1);
  const out: string[] = [];
  let code = 0;
  for (const name of names.length ? names : ['']) {
    const unit = unitOf(name);
    const full = `${name.replace(/\.service$/, '')}.service`;
    if (!unit) {
      if (action === 'status') { out.push(`Unit ${full} could not be found.`); code = 4; } else if (action === 'is-active') { out.push('inactive'); code = 3; } else { out.push(`Failed to ${action} ${full}: Unit ${full} not found.`); code = 5; }
      continue;
    }
    const st = env.services.units[unit];
    switch (action) {
      case 'status': { const s = systemctlStatus(unit, st, env.nowMs + atMs); out.push(...s.lines); code = Math.max(code, s.code); break; }
      case 'is-active': out.push(st.active ? 'active' : st.failed ? 'activating' : 'inactive'); if (!st.active) code = 3; break;
      case 'is-enabled': out.push(st.enabled ? 'enabled' : 'disabled'); if (!st.enabled) code = 1; break;
      case 'start': if (!st.active) startUnit(env, unit, files, env.nowMs + atMs); break;
      case 'stop': stopUnit(env, unit, env.nowMs + atMs); break;
      case 'restart': stopUnit(env, unit, env.nowMs + atMs); startUnit(env, unit, files, env.nowMs + atMs); break;
      case 'enable': case 'disable': {
        const on = action === 'enable';
        if (st.enabled !== on) {
          const link = `/etc/systemd/system/multi-user.target.wants/${unit}.service`;
          out.push(on ? `Created symlink ${link} → /usr/lib/systemd/system/${unit}.service.` : `Removed "${link}".`);
        }
        env.services.units[unit] = { ...env.services.units[unit], enabled: on };
        if (args.includes('--now')) (on ? startUnit(env, unit, files, env.nowMs + atMs) : stopUnit(env, unit, env.nowMs + atMs));
        break;
      }
      default: return done([`Unknown command verb '${action}'.`], 1);
    }
  }
  return done(out, code);
}

/**
 * journalctl prints the journal, of one unit with -u. Short options group as getopt's do
 * (`-xeu kubelet`, `-fu kubelet`). -f (--follow) and -e (--pager-end) show the last 10 and
 * 1000 lines, as journalctl defaults -n for them.
 * kubemu: -f does not wait for more lines: each command runs to its end at once, so it
 * returns as journalctl does when the reader goes away (`journalctl -f | head`), exit 0.
 */
function journalctl(args: string[], env: HostCommandEnv): FinishedCommand {
  let unit: string | undefined;
  let n: number | undefined;
  let tail: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--unit') unit = args[++i];
    else if (a.startsWith('--unit=')) unit = a.slice(7);
    else if (a === '--lines') n = Number(args[++i]);
    else if (a.startsWith('--lines=')) n = Number(a.slice(8));
    else if (a === '--follow') tail = Math.max(tail ?? 0, 10);
    else if (a === '--pager-end') tail = 1000;
    else if (/^-[^-]/.test(a)) {
      for (let k = 1; k < a.length; k++) {
        const c = a[k]!;
        if (c === 'u' || c === 'n') {
          const value = k + 1 < a.length ? a.slice(k + 1) : args[++i];
          if (c === 'u') unit = value; else n = Number(value);
          break;
        }
        if (c === 'f') tail = Math.max(tail ?? 0, 10);
        else if (c === 'e') tail = 1000;
      }
    }
  }
  if (n === undefined) n = tail;
  const want = unit === undefined ? undefined : unit.replace(/\.service$/, '');
  let entries = env.services.journal.filter((e) => want === undefined || e.unit === want);
  if (n !== undefined && Number.isFinite(n)) entries = entries.slice(Math.max(0, entries.length - n));
  if (!entries.length) return done(['-- No entries --']);
  return done(entries.map((e) => journalLine(e, env.node.metadata.name!)));
}

/** tabwrite lays rows out as crictl's tabwriter does (minwidth 20, padding 3). */
function tabwrite(rows: string[][]): string[] {
  return tabulateRows(rows, 3, 20);
}

/** goUnitsAgo is docker/go-units HumanDuration plus " ago", as crictl prints CREATED. */
export function goUnitsAgo(ms: number): string {
  const s = Math.floor(ms / 1000);
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.round(ms / 3_600_000);
  let t: string;
  if (s < 1) t = 'Less than a second';
  else if (s === 1) t = '1 second';
  else if (s < 60) t = `${s} seconds`;
  else if (minutes === 1) t = 'About a minute';
  else if (minutes < 60) t = `${minutes} minutes`;
  else if (hours === 1) t = 'About an hour';
  else if (hours < 48) t = `${hours} hours`;
  else if (hours < 24 * 7 * 2) t = `${Math.floor(hours / 24)} days`;
  else if (hours < 24 * 30 * 2) t = `${Math.floor(hours / 24 / 7)} weeks`;
  else if (hours < 24 * 365 * 2) t = `${Math.floor(hours / 24 / 30)} months`;
  else t = `${Math.floor(hours / 24 / 365)} years`;
  return `${t} ago`;
}

const hex = (s: string, n = 64) => Array.from({ length: Math.ceil(n / 8) }, (_, k) => fnv32a(`${k}:${s}`).toString(16).padStart(8, '0')).join('').slice(0, n);

interface Ctr { id: string; pod: KubeObject; name: string; image: string; state: string; attempt: number; createdMs: number; previous: boolean }

function containersOn(env: HostCommandEnv, all: boolean): Ctr[] {
  const out: Ctr[] = [];
  for (const pod of env.api.podsOnNode(env.node.metadata.name!)) {
    const specs: { name: string; image: string }[] = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
    for (const s of [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])] as Record<string, any>[]) {
      const id = String(s.containerID ?? '').replace(/^\w+:\/\//, '');
      if (!id) continue;
      const running = s.state?.running;
      // In a restart back-off the runtime still holds the container that exited last.
      const backingOff = s.state?.waiting && s.lastState?.terminated;
      const state = running ? 'Running' : s.state?.terminated || backingOff ? 'Exited' : 'Created';
      if (!all && state !== 'Running') continue;
      const started = running?.startedAt ?? s.state?.terminated?.startedAt ?? (backingOff ? s.lastState.terminated.startedAt : undefined) ?? pod.metadata.creationTimestamp;
      out.push({ id, pod, name: s.name, image: specs.find((c) => c.name === s.name)?.image ?? s.image, state, attempt: s.restartCount ?? 0, createdMs: Date.parse(started), previous: !!backingOff });
    }
  }
  return out.sort((a, b) => b.createdMs - a.createdMs || a.id.localeCompare(b.id));
}

const podSandboxID = (pod: KubeObject) => hex(`sandbox:${pod.metadata.uid}`);
const imageShort = (image: string) => imageIDOf(image).split('@sha256:')[1]!.slice(0, 13);

function crictl(args: string[], env: HostCommandEnv): FinishedCommand {
  const [sub, ...rest] = args.filter((a) => a !== '--no-trunc');
  const now = env.nowMs;
  if (!env.services.units.containerd.active) {
    return done(['E1202 00:00:00.000000    4242 remote_runtime.go:633] "Status from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /var/run/containerd/containerd.sock: connect: no such file or directory\\""', 'FATA[0000] validate service connection: validate CRI v1 runtime API for endpoint "unix:///var/run/containerd/containerd.sock": rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /var/run/containerd/containerd.sock: connect: no such file or directory"'], 1);
  }
  switch (sub) {
    case 'ps': {
      const all = rest.some((a) => a === '-a' || a === '--all');
      const quiet = rest.some((a) => a === '-q' || a === '--quiet');
      // --name filters by a regular expression on the container's name, as crictl's does.
      const n = rest.findIndex((a) => a === '--name' || a.startsWith('--name='));
      const pattern = n < 0 ? undefined : rest[n]!.includes('=') ? rest[n]!.slice(7) : rest[n + 1] ?? '';
      let re: RegExp | undefined;
      // Go's regexp is RE2's: linear-regexp.ts matches as it does, in linear time.
      try { re = pattern === undefined ? undefined : new (require('../kubelet/linear-regexp') as typeof import('../kubelet/linear-regexp')).LinearRegExp(pattern); } catch { return done([`FATA[0000] listing containers: invalid regular expression "${pattern}"`], 1); }
      const ctrs = containersOn(env, all).filter((c) => !re || re.test(c.name));
      if (quiet) return done(ctrs.map((c) => c.id));
      return done(tabwrite([['CONTAINER', 'IMAGE', 'CREATED', 'STATE', 'NAME', 'ATTEMPT', 'POD ID', 'POD', 'NAMESPACE'],
        ...ctrs.map((c) => [c.id.slice(0, 13), imageShort(c.image), goUnitsAgo(now - c.createdMs), c.state, c.name, String(c.attempt), podSandboxID(c.pod).slice(0, 13), c.pod.metadata.name!, c.pod.metadata.namespace!])]));
    }
    case 'pods': {
      const pods = env.api.podsOnNode(env.node.metadata.name!).filter((p) => p.status?.phase === 'Running' || p.status?.phase === 'Pending')
        .sort((a, b) => Date.parse(b.metadata.creationTimestamp!) - Date.parse(a.metadata.creationTimestamp!) || a.metadata.name!.localeCompare(b.metadata.name!));
      return done(tabwrite([['POD ID', 'CREATED', 'STATE', 'NAME', 'NAMESPACE', 'ATTEMPT', 'RUNTIME'],
        ...pods.map((p) => [podSandboxID(p).slice(0, 13), goUnitsAgo(now - Date.parse(p.metadata.creationTimestamp!)), 'Ready', p.metadata.name!, p.metadata.namespace!, '0', '(default)'])]));
    }
    case 'images': {
      const images = new Map<string, string>();
      for (const c of containersOn(env, true)) images.set(c.image, imageShort(c.image));
      images.set('registry.k8s.io/pause:3.10', imageShort('registry.k8s.io/pause:3.10'));
      const rows = [...images.entries()].map(([ref, id]) => {
        const at = ref.lastIndexOf(':') > ref.lastIndexOf('/') ? ref.lastIndexOf(':') : -1;
        const full = ref.includes('/') && ref.split('/')[0]!.includes('.') ? ref : `docker.io/${ref.includes('/') ? '' : 'library/'}${ref}`;
        const fat = full.lastIndexOf(':') > full.lastIndexOf('/') ? full.lastIndexOf(':') : -1;
        return [fat >= 0 ? full.slice(0, fat) : full, at >= 0 ? full.slice(fat + 1) : 'latest', id, '10.2MB'];
      }).sort((a, b) => a[0]!.localeCompare(b[0]!) || a[1]!.localeCompare(b[1]!));
      return done(tabwrite([['IMAGE', 'TAG', 'IMAGE ID', 'SIZE'], ...rows]));
    }
    case 'logs': case 'inspect': {
      const id = rest.find((a) => !a.startsWith('-'));
      if (!id) return done([`FATA[0000] ID cannot be empty`], 1);
      const matches = containersOn(env, true).filter((c) => c.id.startsWith(id));
      if (matches.length !== 1) return done([`FATA[0000] ${matches.length ? `container ID "${id}" is ambiguous` : `rpc error: code = NotFound desc = an error occurred when try to find container "${id}": not found`}`], 1);
      const c = matches[0]!;
      if (sub === 'logs') {
        try { return done(containerLogs(c.pod, c.name, c.previous, env.api, now).map((l) => l.text)); } catch (e) { return done([`FATA[0000] ${(e as Error).message}`], 1); }
      }
      const info = {
        status: {
          id: c.id, metadata: { attempt: c.attempt, name: c.name }, state: c.state === 'Running' ? 'CONTAINER_RUNNING' : 'CONTAINER_EXITED',
          createdAt: new Date(c.createdMs).toISOString(), image: { image: c.image }, imageRef: imageIDOf(c.image),
          labels: { 'io.kubernetes.container.name': c.name, 'io.kubernetes.pod.name': c.pod.metadata.name, 'io.kubernetes.pod.namespace': c.pod.metadata.namespace, 'io.kubernetes.pod.uid': c.pod.metadata.uid },
          logPath: `/var/log/pods/${c.pod.metadata.namespace}_${c.pod.metadata.name}_${c.pod.metadata.uid}/${c.name}/${c.attempt}.log`,
        },
        info: { sandboxID: podSandboxID(c.pod), pid: 4000 + (fnv32a(c.id) % 60000) },
      };
      return done(JSON.stringify(info, null, 2).split('\n'));
    }
    default: return done([`crictl: kubemu models: ps [-a], pods, images, logs ID, inspect ID`], 1);
  }
}

function kubeadm(args: string[], env: HostCommandEnv, files: BinaryContext): FinishedCommand {
  const words = args.filter((a) => !a.startsWith('-'));
  if (words[0] === 'version') return done([`kubeadm version: &version.Info{Major:"1", Minor:"32", GitVersion:"${installed(env, 'kubeadm')}", GitTreeState:"clean", GoVersion:"go1.23.6", Compiler:"gc", Platform:"linux/amd64"}`]);
  if (words[0] === 'upgrade') return kubeadmUpgrade(args.slice(1), env, files);
  if (words[0] === 'certs') return kubeadmCerts(args.slice(1), env.node, env.services, env.nowMs);
  if (words[0] === 'token') {
    const joinCommand = (token: string, certificateKey?: string) => `kubeadm join ${env.endpoint} --token ${token} --discovery-token-ca-cert-hash sha256:${caPublicKeyPin(env.api)}`
      // kubeadm's template leaves a space where a worker's line continuation was.
      + (certificateKey ? ` --control-plane --certificate-key ${certificateKey}` : ' ');
    return kubeadmToken(args.slice(args.indexOf('token') + 1), { api: env.api, nowMs: env.nowMs, rand: env.rand, joinCommand });
  }
  return done([`kubeadm: kubemu models: version, token create|list|delete|generate, upgrade plan|apply|node, certs check-expiration|renew`], 1);
}

/**
 * caPublicKeyPin is kubeadm's discovery-token-ca-cert-hash: SHA-256 of the cluster CA's
 * SubjectPublicKeyInfo (pubkeypin.Hash), what `openssl x509 -pubkey … | openssl dgst -sha256` gives.
 */
function caPublicKeyPin(api: ApiClient): string {
  const crypto = require('node:crypto') as typeof import('node:crypto');
  const spki = new crypto.X509Certificate(api.certificateAuthority().certPem).publicKey.export({ type: 'spki', format: 'der' });
  return crypto.createHash('sha256').update(spki).digest('hex');
}

/** EDITORS are the editors a node has; each runs the user's $EDITOR on the file. */
const EDITORS = new Set(['vi', 'vim', 'nano']);

function editor(name: string, args: string[], env: HostCommandEnv, files: BinaryContext): FinishedCommand {
  const file = args.find((a) => !a.startsWith('-') && !a.startsWith('+'));
  if (!file) return done([`${name}: kubemu edits one named file: ${name} FILE`], 1);
  if (!env.edit) return done([`${name}: no terminal to edit on; use sed -i, echo >, or cat > FILE instead`], 1);
  const before = files.read(file) ?? '';
  const after = env.edit(file, before);
  if (after === undefined || after === before) return done([]);
  return done([], 0, [{ path: file, content: after }]);
}

/** hostBinary answers an argv the shell did not handle itself; undefined when the host has no such binary. */
export function hostBinary(argv: string[], env: HostCommandEnv, atMs: number, files: BinaryContext): FinishedCommand | 'exists' | undefined {
  const name = (argv[0] ?? '').replace(/^.*\//, '');
  const args = argv.slice(1);
  if (name === 'systemctl') return systemctl(args, env, files, atMs);
  if (name === 'journalctl') return journalctl(args, env);
  if (name === 'crictl') return crictl(args, env);
  if (name === 'kubeadm') return kubeadm(args, env, files);
  if (name === 'apt-get' || name === 'apt') return aptGet(args, env);
  if (name === 'apt-mark') return done(args.filter((a) => !a.startsWith('-')).slice(1).map((p) => `${p} ${args.includes('unhold') ? 'was already not on hold' : 'set on hold'}.`));
  if (name === 'kubelet' && args.includes('--version')) return done([`Kubernetes ${installed(env, 'kubelet')}`]);
  if (EDITORS.has(name)) return editor(name, args, env, files);
  if (name === 'clear' || name === 'sudo' && !args.length) return done([]);
  // etcd's clients are installed where etcd runs: on the control planes.
  const provided = isControlPlaneNode(env.node) ? env.tools?.(argv, files.cwd) : undefined;
  if (provided) return provided;
  if (name === 'sudo') return hostBinary(args.filter((a, k) => k > 0 || !a.startsWith('-')), env, atMs, files);
  return undefined;
}
