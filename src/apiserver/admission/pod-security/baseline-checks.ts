/**
 * baseline-checks: the Pod Security Standards' baseline checks as pod-security-admission
 * v1.32 words them (staging/src/k8s.io/pod-security-admission/policy/check_*.go). The list
 * is in upstream's registration order (its files' alphabetical order), which is the order of
 * the reasons in a denial. OVERLAPPING_BASELINE_CHECKS run at baseline only: the restricted
 * level replaces them with stricter checks of the same fields.
 */
import type { PodCheck } from './check-result';
import { allContainers, containersPhrase, joinQuote, pluralize, sortedSet } from './check-result';

const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

const appArmorProfile: PodCheck = (meta, spec) => {
  const bad: string[] = [];
  for (const [k, v] of Object.entries(meta.annotations ?? {})) {
    if (k.startsWith(APPARMOR_ANNOTATION_PREFIX) && !(v === '' || v === 'runtime/default' || v.startsWith('localhost/'))) bad.push(`${k}=${JSON.stringify(v)}`);
  }
  const setters: string[] = [];
  const types: string[] = [];
  const unconfined = (t: string | undefined): boolean => t === 'Unconfined';
  if (unconfined(spec.securityContext?.appArmorProfile?.type)) { setters.push('pod'); types.push('Unconfined'); }
  const containers = allContainers(spec).filter((c) => unconfined(c.securityContext?.appArmorProfile?.type)).map((c) => c.name);
  if (containers.length) { setters.push(containersPhrase(containers)); types.push('Unconfined'); }
  if (setters.length) bad.push(`${setters.join(' and ')} must not set appArmorProfile.type to ${joinQuote(sortedSet(types))}`);
  if (!bad.length) return undefined;
  bad.sort();
  return { reason: pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', bad.length), detail: bad.join(', ') };
};

const hostNamespaces: PodCheck = (_meta, spec) => {
  const set: string[] = [];
  if (spec.hostNetwork) set.push('hostNetwork=true');
  if (spec.hostPID) set.push('hostPID=true');
  if (spec.hostIPC) set.push('hostIPC=true');
  return set.length ? { reason: 'host namespaces', detail: set.sort().join(', ') } : undefined;
};

const hostPathVolumes: PodCheck = (_meta, spec) => {
  const names = (spec.volumes ?? []).filter((v) => v.hostPath).map((v) => v.name);
  return names.length ? { reason: 'hostPath volumes', detail: `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)}` } : undefined;
};

const hostPorts: PodCheck = (_meta, spec) => {
  const containers: string[] = [];
  const ports = new Set<string>();
  for (const c of allContainers(spec)) {
    const used = (c.ports ?? []).filter((p) => p.hostPort).map((p) => String(p.hostPort));
    if (used.length) { containers.push(c.name); used.forEach((p) => ports.add(p)); }
  }
  if (!containers.length) return undefined;
  const list = sortedSet(ports);
  return {
    reason: 'hostPort',
    detail: `${containersPhrase(containers)} ${pluralize('uses', 'use', containers.length)} ${pluralize('hostPort', 'hostPorts', list.length)} ${list.join(', ')}`,
  };
};

const privileged: PodCheck = (_meta, spec) => {
  const names = allContainers(spec).filter((c) => c.securityContext?.privileged === true).map((c) => c.name);
  return names.length ? { reason: 'privileged', detail: `${containersPhrase(names)} must not set securityContext.privileged=true` } : undefined;
};

const procMount: PodCheck = (_meta, spec) => {
  const names: string[] = [];
  const types = new Set<string>();
  for (const c of allContainers(spec)) {
    const pm = c.securityContext?.procMount;
    if (pm !== undefined && pm !== 'Default') { names.push(c.name); types.add(pm); }
  }
  return names.length
    ? { reason: 'procMount', detail: `${containersPhrase(names)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}` }
    : undefined;
};

const SELINUX_TYPES = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);

const seLinuxOptions: PodCheck = (_meta, spec) => {
  const setters: string[] = [];
  const badTypes = new Set<string>();
  let setUser = false;
  let setRole = false;
  const valid = (o: { type?: string; user?: string; role?: string }): boolean => {
    let ok = true;
    if (!SELINUX_TYPES.has(o.type ?? '')) { ok = false; badTypes.add(o.type ?? ''); }
    if (o.user) { ok = false; setUser = true; }
    if (o.role) { ok = false; setRole = true; }
    return ok;
  };
  const podOpts = spec.securityContext?.seLinuxOptions;
  if (podOpts && !valid(podOpts)) setters.push('pod');
  const names = allContainers(spec).filter((c) => c.securityContext?.seLinuxOptions && !valid(c.securityContext.seLinuxOptions)).map((c) => c.name);
  if (names.length) setters.push(containersPhrase(names));
  if (!setters.length) return undefined;
  const data: string[] = [];
  // Upstream lists user and role only when a bad type was found too (check_seLinuxOptions.go).
  if (badTypes.size) {
    const types = sortedSet(badTypes);
    data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) data.push('user may not be set');
    if (setRole) data.push('role may not be set');
  }
  return { reason: 'seLinuxOptions', detail: `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}` };
};

/** SAFE_SYSCTLS: the allowed sysctls by the policy version that allowed them (v1.0, v1.27, v1.29). */
const SAFE_SYSCTLS: readonly (readonly [number, readonly string[]])[] = [
  [0, ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start']],
  [27, ['net.ipv4.ip_local_reserved_ports']],
  [29, ['net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes']],
];

const sysctls: PodCheck = (_meta, spec, minor) => {
  const safe = new Set(SAFE_SYSCTLS.filter(([from]) => minor >= from).flatMap(([, names]) => names));
  const bad = (spec.securityContext?.sysctls ?? []).map((s) => s.name).filter((n) => !safe.has(n));
  return bad.length ? { reason: 'forbidden sysctls', detail: bad.join(', ') } : undefined;
};

const windowsHostProcess: PodCheck = (_meta, spec) => {
  const pod = spec.securityContext?.windowsOptions?.hostProcess === true;
  const names = allContainers(spec).filter((c) => c.securityContext?.windowsOptions?.hostProcess === true).map((c) => c.name);
  if (!pod && !names.length) return undefined;
  const setters = [...(pod ? ['pod'] : []), ...(names.length ? [containersPhrase(names)] : [])];
  return { reason: 'hostProcess', detail: `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true` };
};

const ALLOWED_CAPABILITIES = new Set([
  'AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE',
  'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT',
]);

const capabilitiesBaseline: PodCheck = (_meta, spec) => {
  const names: string[] = [];
  const caps = new Set<string>();
  for (const c of allContainers(spec)) {
    const bad = (c.securityContext?.capabilities?.add ?? []).filter((cap) => !ALLOWED_CAPABILITIES.has(cap));
    if (bad.length) { names.push(c.name); bad.forEach((cap) => caps.add(cap)); }
  }
  return names.length
    ? { reason: 'non-default capabilities', detail: `${containersPhrase(names)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add` }
    : undefined;
};

/** validSeccompType: only RuntimeDefault and Localhost profiles pass. */
export const validSeccompType = (t: string | undefined): boolean => t === 'RuntimeDefault' || t === 'Localhost';

const seccompBaseline: PodCheck = (_meta, spec) => {
  const setters: string[] = [];
  const values = new Set<string>();
  const pod = spec.securityContext?.seccompProfile;
  if (pod && !validSeccompType(pod.type)) { setters.push('pod'); values.add(pod.type ?? ''); }
  const names: string[] = [];
  for (const c of allContainers(spec)) {
    const p = c.securityContext?.seccompProfile;
    if (p && !validSeccompType(p.type)) { names.push(c.name); values.add(p.type ?? ''); }
  }
  if (names.length) setters.push(containersPhrase(names));
  return setters.length
    ? { reason: 'seccompProfile', detail: `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}` }
    : undefined;
};

/** BASELINE_CHECKS run at baseline and restricted. */
export const BASELINE_CHECKS: readonly PodCheck[] = [
  appArmorProfile, hostNamespaces, hostPathVolumes, hostPorts, privileged, procMount, seLinuxOptions, sysctls, windowsHostProcess,
];

/**
 * OVERLAPPING_BASELINE_CHECKS run at baseline, and at restricted only at policy versions before
 * the stricter check of the same fields exists (restricted capabilities from v1.22, seccomp
 * fields from v1.19): `replacedFrom`.
 */
export const OVERLAPPING_BASELINE_CHECKS: readonly { check: PodCheck; replacedFrom: number }[] = [
  { check: capabilitiesBaseline, replacedFrom: 22 },
  { check: seccompBaseline, replacedFrom: 19 },
];
