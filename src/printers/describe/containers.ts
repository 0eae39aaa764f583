/**
 * containers: the per-container block shared by Pod describe and the Pod Template block
 * (kubectl describeContainers): image, ports, command, state, resources, probes,
 * environment and mounts.
 */
import type { Container, ContainerPort, ContainerState, ContainerStatus, EnvVar, Probe, ResourceFieldSelector, ResourceRequirements, VolumeDevice, VolumeMount } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefix-writer';
import { canonicalQuantity, milliValue, tryParseQuantity, value as quantityValue } from '../../api/quantity';
import { formatRFC1123Z } from './time-format';

const sortedKeys = (o: Record<string, unknown> | undefined | null): string[] =>
  Object.keys(o ?? {}).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** describeResources writes `Limits:`/`Requests:` with sorted, canonical quantities at `level`. */
export function describeResources(resources: ResourceRequirements | undefined, w: PrefixWriter, level: number): void {
  if (!resources) return;
  for (const [title, list] of [['Limits', resources.limits], ['Requests', resources.requests]] as const) {
    const keys = sortedKeys(list);
    if (keys.length > 0) w.write(level, `${title}:\n`);
    for (const k of keys) w.write(level + 1, `${k}:\t${canonicalQuantity(list![k]!)}\n`);
  }
}

const portsOf = (ports: ContainerPort[] | undefined, field: 'containerPort' | 'hostPort'): string =>
  (ports ?? []).map((p) => `${p[field] ?? 0}/${p.protocol ?? 'TCP'}`).join(', ');

// Go's net.JoinHostPort brackets IPv6 literals.
const joinHostPort = (host: string, port: string): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** describeProbe renders a probe like kubectl DescribeProbe ("http-get http://:8080/healthz delay=0s …"). */
export function describeProbe(probe: Probe): string {
  // kubemu: unset fields fall back to the apiserver defaults kubectl would have seen.
  const attrs = `delay=${probe.initialDelaySeconds ?? 0}s timeout=${probe.timeoutSeconds ?? 1}s period=${probe.periodSeconds ?? 10}s `
    + `#success=${probe.successThreshold ?? 1} #failure=${probe.failureThreshold ?? 3}`;
  if (probe.exec) return `exec [${(probe.exec.command ?? []).join(' ')}] ${attrs}`;
  if (probe.httpGet) {
    const h = probe.httpGet;
    const port = h.port === undefined || h.port === null ? '' : String(h.port);
    const host = port.length > 0 ? joinHostPort(h.host ?? '', port) : (h.host ?? '');
    let path = h.path ?? '';
    if (path !== '' && !path.startsWith('/') && host !== '') path = '/' + path;
    return `http-get ${String(h.scheme ?? 'HTTP').toLowerCase()}://${host}${path} ${attrs}`;
  }
  if (probe.tcpSocket) return `tcp-socket ${probe.tcpSocket.host ?? ''}:${probe.tcpSocket.port ?? ''} ${attrs}`;
  if (probe.grpc) return `grpc <pod>:${probe.grpc.port} ${probe.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

function describeState(name: string, state: ContainerState | undefined, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${name}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${name}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${name}:\tWaiting\n`);
  }
}

/**
 * resolveFieldRef is the value describe shows for a downward-API env var: kubectl converts the
 * fieldPath through its client scheme, which knows no Pod field labels and so passes only
 * metadata.name and metadata.namespace (apimachinery's DefaultMetaV1FieldSelectorConversion);
 * every other path (labels, uid, spec.nodeName, status.podIP …) shows empty.
 */
export function resolveFieldRef(pod: KubeObject | undefined, fieldPath: string): string {
  if (!pod) return '';
  if (fieldPath === 'metadata.name') return pod.metadata.name ?? '';
  if (fieldPath === 'metadata.namespace') return pod.metadata.namespace ?? '';
  return '';
}

// Mirrors ExtractContainerResourceValue: ceil(value / divisor), in milli-units for CPU.
function resolveResourceFieldRef(ref: ResourceFieldSelector, container: Container): string {
  const [kind, res] = String(ref.resource ?? '').split('.') as ['limits' | 'requests', string];
  const raw = container.resources?.[kind]?.[res];
  const q = tryParseQuantity(raw) ?? tryParseQuantity('0')!;
  const divisor = tryParseQuantity(ref.divisor) ?? tryParseQuantity('1')!;
  if (divisor.nanos === 0n) return '';
  const ceilDiv = (a: bigint, b: bigint): bigint => (a % b === 0n ? a / b : a / b + 1n);
  if (res === 'cpu') return String(ceilDiv(milliValue(q), milliValue(divisor) || 1n));
  return String(ceilDiv(quantityValue(q), quantityValue(divisor) || 1n));
}

function describeEnvFrom(container: Container, w: PrefixWriter): void {
  w.write(LEVEL_2, 'Environment Variables from:\n');
  for (const e of container.envFrom ?? []) {
    const ref = e.configMapRef ?? e.secretRef;
    const from = e.configMapRef ? 'ConfigMap' : e.secretRef ? 'Secret' : '';
    const optional = ref?.optional === true;
    if (!e.prefix) w.write(LEVEL_3, `${ref?.name ?? ''}\t${from}\tOptional: ${optional}\n`);
    else w.write(LEVEL_3, `${ref?.name ?? ''}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n`);
  }
}

function describeEnv(container: Container, pod: KubeObject | undefined, w: PrefixWriter): void {
  const env: EnvVar[] = container.env ?? [];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    const vf = e.valueFrom;
    if (!vf) {
      String(e.value ?? '').split('\n').forEach((s, i) => {
        w.write(LEVEL_3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`);
      });
    } else if (vf.fieldRef) {
      // The Pod Template block has no pod to resolve against, so the value is empty there.
      const v = resolveFieldRef(pod, vf.fieldRef.fieldPath);
      w.write(LEVEL_3, `${e.name}:\t${v} (${vf.fieldRef.apiVersion ?? 'v1'}:${vf.fieldRef.fieldPath})\n`);
    } else if (vf.resourceFieldRef) {
      let v = resolveResourceFieldRef(vf.resourceFieldRef, container);
      const r = vf.resourceFieldRef.resource;
      if (v === '0' && (r === 'limits.cpu' || r === 'limits.memory')) v = 'node allocatable';
      w.write(LEVEL_3, `${e.name}:\t${v} (${r})\n`);
    } else if (vf.secretKeyRef) {
      const s = vf.secretKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${s.key}' in secret '${s.name}'>\tOptional: ${s.optional === true}\n`);
    } else if (vf.configMapKeyRef) {
      const c = vf.configMapKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${c.key}' of config map '${c.name}'>\tOptional: ${c.optional === true}\n`);
    }
  }
}

function describeMounts(container: Container, w: PrefixWriter): void {
  const mounts: VolumeMount[] = container.volumeMounts ?? [];
  const none = mounts.length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  const sorted = mounts.map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.mountPath < b.m.mountPath ? -1 : a.m.mountPath > b.m.mountPath ? 1 : a.i - b.i));
  for (const { m } of sorted) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
  const devices: VolumeDevice[] = container.volumeDevices ?? [];
  if (devices.length > 0) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    for (const d of [...devices].sort((a, b) => (a.devicePath < b.devicePath ? -1 : a.devicePath > b.devicePath ? 1 : 0))) {
      w.write(LEVEL_3, `${d.devicePath} from ${d.name}\n`);
    }
  }
}

/**
 * describeContainers writes `<label>:` and one block per container. `statuses` is undefined
 * for a pod template (no Container ID/State/Ready lines); `space` is "" for a pod and "  "
 * for a template (container names then get one extra leading space).
 */
export function describeContainers(label: string, containers: Container[] | undefined, statuses: ContainerStatus[] | undefined,
  pod: KubeObject | undefined, w: PrefixWriter, space: string): void {
  const list = containers ?? [];
  w.write(LEVEL_0, `${space}${label}:${list.length === 0 ? ' <none>' : ''}\n`);
  const byName = new Map<string, any>((statuses ?? []).map((s) => [s.name, s]));
  const nameIndent = space.length > 0 ? ' ' : '';
  for (const c of list) {
    const status = byName.get(c.name);
    w.write(LEVEL_1, `${nameIndent}${c.name}:\n`);
    if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
    w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`);
    if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
    const ports = portsOf(c.ports, 'containerPort');
    w.write(LEVEL_2, ports.includes(',') ? `Ports:\t${ports}\n` : `Port:\t${ports || '<none>'}\n`);
    const hostPorts = portsOf(c.ports, 'hostPort');
    w.write(LEVEL_2, hostPorts.includes(',') ? `Host Ports:\t${hostPorts}\n` : `Host Port:\t${hostPorts || '<none>'}\n`);
    const seccomp = c.securityContext?.seccompProfile;
    if (seccomp) {
      w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
    }
    for (const [title, items] of [['Command', c.command], ['Args', c.args]] as const) {
      if (!items || items.length === 0) continue;
      w.write(LEVEL_2, `${title}:\n`);
      for (const item of items) for (const s of String(item).split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if (status) {
      describeState('State', status.state, w);
      if (status.lastState?.terminated) describeState('Last State', status.lastState, w);
      w.write(LEVEL_2, `Ready:\t${status.ready ? 'True' : 'False'}\n`);
      w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`);
    }
    describeResources(c.resources, w, LEVEL_2);
    if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
    if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
    if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
    if ((c.envFrom ?? []).length > 0) describeEnvFrom(c, w);
    describeEnv(c, pod, w);
    describeMounts(c, w);
  }
}
