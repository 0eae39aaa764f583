/**
 * services: the systemd units of a node host that matter to Kubernetes — kubelet and
 * containerd — with `systemctl`'s and `journalctl`'s output shapes (systemd 255, Ubuntu 24.04).
 *
 * kubemu: the kubelet's running state is the node's kubelet-stopped annotation (what
 * `kubemu node stop|start` sets), so both ways of stopping it agree; a stopped containerd
 * stops the kubelet's work the same way. When each unit last changed, whether it is enabled,
 * and the journal are node-local state (SERVICES_KEY).
 */
import type { KubeObject } from '../api/meta';
import { NODE_STOPPED_ANNOTATION } from '../api/kubelet-stopped';
import { KUBELET_STOPPED } from '../kubelet/node-status';
import { KUBERNETES_VERSION } from '../kubelet/static-pods';
import { klogLine } from '../api/klog-line';

export { SERVICES_KEY } from './services-key';
/** JOURNAL_LIMIT bounds the journal kept per node. */
export const JOURNAL_LIMIT = 400;

export type Unit = 'kubelet' | 'containerd';
export const UNITS: readonly Unit[] = ['kubelet', 'containerd'];

/** UnitState is one unit's record. */
export interface UnitState { active: boolean; since: number; enabled: boolean; pid: number; failed?: boolean }
/** JournalEntry is one journal line: when, which process wrote it, and the text. */
export interface JournalEntry { ms: number; unit: Unit; proc: string; text: string }
/** ServicesState is the whole record. */
export interface ServicesState {
  /** uid is the Node's: a record of an earlier node of the same name is not this one's. */
  uid?: string;
  units: Record<Unit, UnitState>;
  journal: JournalEntry[];
  /** kubeletVersion is the version the running kubelet was started from (the installed package at its last start). */
  kubeletVersion?: string;
  /** packages are the Kubernetes packages apt installed since the node was set up (absent: the node's version). */
  packages?: Partial<Record<'kubeadm' | 'kubelet' | 'kubectl', string>>;
  /** certsRenewedMs is when `kubeadm certs renew` last reissued the control plane's certificates. */
  certsRenewedMs?: number;
}

const DESCRIPTION: Record<Unit, string> = { kubelet: 'kubelet: The Kubernetes Node Agent', containerd: 'containerd container runtime' };
const UNIT_FILE: Record<Unit, string> = { kubelet: '/usr/lib/systemd/system/kubelet.service', containerd: '/usr/lib/systemd/system/containerd.service' };
const DOCS: Record<Unit, string> = { kubelet: 'https://kubernetes.io/docs/', containerd: 'https://containerd.io' };
const EXEC: Record<Unit, string> = {
  kubelet: '/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.10',
  containerd: '/usr/bin/containerd',
};

/** initialServices is the record of a node whose units have run since it registered. */
export function initialServices(node: KubeObject): ServicesState {
  const since = Date.parse(node.metadata.creationTimestamp ?? '1970-01-01T00:00:00Z');
  const running = node.metadata.annotations?.[NODE_STOPPED_ANNOTATION] !== KUBELET_STOPPED;
  return {
    uid: node.metadata.uid,
    units: { kubelet: { active: running, since, enabled: true, pid: 1043 }, containerd: { active: true, since: since - 2000, enabled: true, pid: 612 } },
    journal: kubeletStartLines(node, since, 1043, KUBERNETES_VERSION),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];


/** kubeletStartLines are the first lines a starting kubelet writes. */
export function kubeletStartLines(node: KubeObject, ms: number, pid: number, version: string): JournalEntry[] {
  const k = (src: string, text: string, sev: 'I' | 'W' | 'E' = 'I') => ({ ms, unit: 'kubelet' as const, proc: `kubelet[${pid}]`, text: klogLine(sev, ms, pid, src, text) });
  return [
    { ms, unit: 'kubelet', proc: 'systemd[1]', text: `Started kubelet.service - ${DESCRIPTION.kubelet}.` },
    k('server.go:484', `"Kubelet version" kubeletVersion="${version}"`),
    k('server.go:486', '"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""'),
    k('kubelet.go:408', `"Attempting to sync node with API server"`),
    k('kubelet.go:397', `"Adding static pod path" path="/etc/kubernetes/manifests"`),
    k('kubelet_node_status.go:75', `"Attempting to register node" node="${node.metadata.name}"`),
    k('kubelet_node_status.go:78', `"Successfully registered node" node="${node.metadata.name}"`),
  ];
}

/** CONFIG_LOAD_FAILED is the kubelet's fatal line when its config file cannot be read. */
export const configLoadFailed = (path: string, why: string): string =>
  `"command failed" err="failed to load kubelet config file, path: ${path}, error: failed to load Kubelet config file ${path}, error ${why}"`;

/** kubeletFailLines are what the journal shows when the kubelet exits at start: its error, then systemd's. */
export function kubeletFailLines(ms: number, pid: number, err: string): JournalEntry[] {
  return [
    { ms, unit: 'kubelet', proc: 'systemd[1]', text: `Started kubelet.service - ${DESCRIPTION.kubelet}.` },
    { ms, unit: 'kubelet', proc: `kubelet[${pid}]`, text: klogLine('E', ms, pid, 'run.go:72', err) },
    { ms, unit: 'kubelet', proc: 'systemd[1]', text: 'kubelet.service: Main process exited, code=exited, status=1/FAILURE' },
    { ms, unit: 'kubelet', proc: 'systemd[1]', text: "kubelet.service: Failed with result 'exit-code'." },
  ];
}

/** stopLines are systemd's lines for stopping a unit. */
export function stopLines(unit: Unit, ms: number): JournalEntry[] {
  return [
    { ms, unit, proc: 'systemd[1]', text: `Stopping ${unit}.service - ${DESCRIPTION[unit]}...` },
    { ms, unit, proc: 'systemd[1]', text: `${unit}.service: Deactivated successfully.` },
    { ms, unit, proc: 'systemd[1]', text: `Stopped ${unit}.service - ${DESCRIPTION[unit]}.` },
  ];
}

/** systemdTime is systemd's timestamp: "Wed 2026-12-02 02:30:00 UTC". */
export function systemdTime(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} UTC`;
}

/** relativeTime is systemd's format_timestamp_relative: the two largest useful units, then "ago". */
export function relativeTime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const MIN = 60, H = 3600, DAY = 86400;
  let t: string;
  if (s >= 2 * DAY) t = `${Math.floor(s / DAY)} days`;
  else if (s >= 25 * H) t = `1 day ${Math.floor((s - DAY) / H)}h`;
  else if (s >= 6 * H) t = `${Math.floor(s / H)}h`;
  else if (s >= H) t = `${Math.floor(s / H)}h ${Math.floor((s % H) / MIN)}min`;
  else if (s >= 5 * MIN) t = `${Math.floor(s / MIN)}min`;
  else if (s >= MIN) t = `${Math.floor(s / MIN)}min ${s % MIN}s`;
  else if (s >= 1) t = `${s}s`;
  else return 'now';
  return `${t} ago`;
}

/** systemctlStatus is `systemctl status UNIT`'s text and exit status (3 when the unit is not running). */
export function systemctlStatus(unit: Unit, st: UnitState, nowMs: number): { lines: string[]; code: number } {
  const loaded = `     Loaded: loaded (${UNIT_FILE[unit]}; ${st.enabled ? 'enabled' : 'disabled'}; preset: enabled)`;
  const dropIn = unit === 'kubelet' ? ['    Drop-In: /usr/lib/systemd/system/kubelet.service.d', '             └─10-kubeadm.conf'] : [];
  const when = `${systemdTime(st.since)}; ${relativeTime(nowMs - st.since)}`;
  if (st.active) {
    return {
      code: 0,
      lines: [
        `● ${unit}.service - ${DESCRIPTION[unit]}`, loaded, ...dropIn,
        `     Active: active (running) since ${when}`,
        `       Docs: ${DOCS[unit]}`,
        `   Main PID: ${st.pid} (${unit})`,
        `      Tasks: ${unit === 'kubelet' ? 14 : 11} (limit: 4586)`,
        `     Memory: ${unit === 'kubelet' ? '38.6M' : '27.1M'}`,
        `     CGroup: /system.slice/${unit}.service`,
        `             └─${st.pid} ${EXEC[unit]}`,
      ],
    };
  }
  const active = st.failed
    ? `     Active: activating (auto-restart) (Result: exit-code) since ${when}`
    : `     Active: inactive (dead) since ${when}`;
  const process = st.failed
    ? [`    Process: ${st.pid} ExecStart=/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS $KUBELET_CONFIG_ARGS $KUBELET_KUBEADM_ARGS $KUBELET_EXTRA_ARGS (code=exited, status=1/FAILURE)`, `   Main PID: ${st.pid} (code=exited, status=1/FAILURE)`]
    : [`   Main PID: ${st.pid} (code=killed, signal=TERM)`];
  return { code: 3, lines: [`${st.failed ? '●' : '○'} ${unit}.service - ${DESCRIPTION[unit]}`, loaded, ...dropIn, active, `       Docs: ${DOCS[unit]}`, ...process] };
}

/** journalLine renders an entry as journalctl's short format: "Dec 02 02:30:00 node01 kubelet[1043]: …". */
export function journalLine(e: JournalEntry, host: string): string {
  const d = new Date(e.ms);
  return `${MONTHS[d.getUTCMonth()]} ${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} ${host} ${e.proc}: ${e.text}`;
}
