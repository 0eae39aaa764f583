/**
 * container-config: what the kubelet assembles before it creates a container — the
 * environment (env, envFrom, the kubernetes service variables) and the files of mounted
 * ConfigMap/Secret volumes — with the kubelet's errors when a referenced object or key is
 * missing (CreateContainerConfigError, FailedMount).
 * Mirrors pkg/kubelet/kubelet_pods.go makeEnvironmentVariables and the configmap/secret
 * volume plugins' SetUp.
 */
import type { KubeObject } from '../api/meta';
import type { ConfigMap, Secret } from '../api/types/kinds';
import type { ResourceList } from '../api/types/core-v1';
import type { ApiClient } from '../apiserver/client';
import { milliValue, parseQuantity, value } from '../api/quantity';
import { hostPathFiles } from './host-path-files';
import { downwardAPIValue, type DownwardAPIItem } from './downward-api-files';
import { serviceAccountToken } from './standard-files';
import { dataDir, putKey } from './atomic-writer';
import { SERVICE_ACCOUNT_MOUNT_PATH } from '../api/service-account-mount';
import { bytesToText } from '../api/byte-string';

/** ContainerConfig is the environment and the files a container sees, or why it cannot be made. */
export interface ContainerConfig {
  env: Record<string, string>;
  files: Record<string, string>;
  /** error: CreateContainerConfigError's message, e.g. `configmap "cfg" not found`. */
  error?: string;
}

/** MountFailure is a volume the kubelet cannot set up. */
export interface MountFailure { volume: string; message: string }

/** DEFAULT_PATH is the PATH of the common library images. */
export const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** KUBERNETES_SERVICE_IP is the default `kubernetes` Service's ClusterIP. */
export const KUBERNETES_SERVICE_IP = '10.96.0.1';

// kubemu: only the `kubernetes` service's link variables are injected (not every service of the namespace).
function serviceEnv(): Record<string, string> {
  const ip = KUBERNETES_SERVICE_IP;
  return {
    KUBERNETES_PORT_443_TCP_ADDR: ip, KUBERNETES_SERVICE_HOST: ip, KUBERNETES_SERVICE_PORT: '443', KUBERNETES_SERVICE_PORT_HTTPS: '443',
    KUBERNETES_PORT: `tcp://${ip}:443`, KUBERNETES_PORT_443_TCP: `tcp://${ip}:443`, KUBERNETES_PORT_443_TCP_PROTO: 'tcp', KUBERNETES_PORT_443_TCP_PORT: '443',
  };
}

/** decode is a Secret's (or binaryData's) base64 value as the byte string a process reads. */
function decode(v: string): string {
  return bytesToText(Buffer.from(v, 'base64'));
}

function fieldRef(pod: KubeObject, path: string): string {
  switch (path) {
    case 'metadata.name': return pod.metadata.name ?? '';
    case 'metadata.namespace': return pod.metadata.namespace ?? '';
    case 'metadata.uid': return pod.metadata.uid ?? '';
    case 'spec.nodeName': return pod.spec?.nodeName ?? '';
    case 'spec.serviceAccountName': return pod.spec?.serviceAccountName ?? '';
    case 'status.podIP': return pod.status?.podIP ?? '';
    case 'status.hostIP': return pod.status?.hostIP ?? '';
  }
  const m = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
  if (m) return (pod.metadata[m[1] as 'labels' | 'annotations'] ?? {})[m[2]!] ?? '';
  return '';
}

/** DEFAULTED_LIMITS are the limits the kubelet fills from node allocatable for the downward API when a container sets none. */
const DEFAULTED_LIMITS = ['cpu', 'memory', 'ephemeral-storage'];

/** ResourceFieldRef is an env var's valueFrom.resourceFieldRef. */
interface ResourceFieldRef { containerName?: string; resource: string; divisor?: string | number }

const wholeUnits = (q: string | number): number => Number(value(parseQuantity(q)));
const milliUnits = (q: string | number): number => Number(milliValue(parseQuantity(q)));

/**
 * resourceFieldValue is the downward API's value of a container's request or limit: the
 * quantity divided by the divisor (1 when unset), rounded up — CPU in millicores, the rest in
 * base units. A missing (or zero) cpu, memory or ephemeral-storage limit reads as the node's
 * allocatable, as the kubelet defaults it before resolving the reference.
 */
function resourceFieldValue(pod: KubeObject, own: KubeObject['spec'], ref: ResourceFieldRef, allocatable: () => ResourceList): string {
  const all = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  const c = ref.containerName ? all.find((x: { name: string }) => x.name === ref.containerName) : own;
  const dot = ref.resource.indexOf('.');
  const kind = ref.resource.slice(0, dot) as 'limits' | 'requests';
  const name = ref.resource.slice(dot + 1);
  let q: string | number | undefined = c?.resources?.[kind]?.[name];
  if (kind === 'limits' && DEFAULTED_LIMITS.includes(name) && (q === undefined || parseQuantity(q).nanos === 0n)) q = allocatable()[name];
  const divisor = ref.divisor !== undefined && parseQuantity(ref.divisor).nanos !== 0n ? ref.divisor : '1';
  if (q === undefined) return '0';
  const n = name === 'cpu' ? Math.ceil(milliUnits(q) / milliUnits(divisor)) : Math.ceil(wholeUnits(q) / wholeUnits(divisor));
  return String(n);
}

/** expandRefs performs the kubelet's $(VAR) expansion in env values, command and args. */
export function expandRefs(s: string, env: Record<string, string>): string {
  return s.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (all, name: string | undefined) => (all === '$$' ? '$' : env[name!] ?? all));
}

/** containerConfig builds a container's environment and mounted files, reading ConfigMaps and Secrets through the API. */
export function containerConfig(pod: KubeObject, c: KubeObject['spec'], api: Pick<ApiClient, 'tryGet'>): ContainerConfig {
  const ns = pod.metadata.namespace ?? 'default';
  const get = (kind: string, name: string) => api.tryGet({ kind, namespace: ns, name });
  const env: Record<string, string> = { PATH: DEFAULT_PATH, HOSTNAME: pod.spec?.hostname ?? pod.metadata.name ?? '' };
  const files: Record<string, string> = { '/etc/hostname': `${env.HOSTNAME}\n` };
  let error: string | undefined;
  const fail = (msg: string) => { error ??= msg; };
  Object.assign(env, serviceEnv());
  let nodeAllocatable: ResourceList | undefined;
  const allocatable = () => (nodeAllocatable ??= api.tryGet({ kind: 'Node', name: pod.spec?.nodeName ?? '' })?.status?.allocatable ?? {});
  for (const from of c.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const obj = get(kind, ref?.name ?? '');
    if (!obj) { if (!ref?.optional) fail(`${kind.toLowerCase()} "${ref?.name}" not found`); continue; }
    const data: Record<string, string> = (obj as ConfigMap | Secret).data ?? {};
    for (const [k, v] of Object.entries(data)) env[`${from.prefix ?? ''}${k}`] = kind === 'Secret' ? decode(v) : v;
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined || !e.valueFrom) { env[e.name] = expandRefs(e.value ?? '', env); continue; }
    const vf = e.valueFrom;
    if (vf.fieldRef) { env[e.name] = fieldRef(pod, vf.fieldRef.fieldPath); continue; }
    if (vf.resourceFieldRef) { env[e.name] = resourceFieldValue(pod, c, vf.resourceFieldRef, allocatable); continue; }
    const ref = vf.configMapKeyRef ?? vf.secretKeyRef;
    if (!ref) continue;
    const kind = vf.configMapKeyRef ? 'ConfigMap' : 'Secret';
    const obj = get(kind, ref.name);
    if (!obj) { if (!ref.optional) fail(`${kind.toLowerCase()} "${ref.name}" not found`); continue; }
    const v = ((obj as ConfigMap | Secret).data ?? {})[ref.key];
    if (v === undefined) { if (!ref.optional) fail(`couldn't find key ${ref.key} in ${kind} ${ns}/${ref.name}`); continue; }
    env[e.name] = kind === 'Secret' ? decode(v) : v;
  }
  env.HOME = env.HOME ?? '/root';
  const { files: mounted } = volumeFiles(pod, c, api, allocatable);
  Object.assign(files, mounted);
  return { env, files, error };
}

/**
 * volumeFiles lists the files a container sees through its ConfigMap, Secret, downwardAPI,
 * projected and hostPath volume mounts. The service account's projected volume is
 * standard-files.ts's (its token is the API server's).
 */
function volumeFiles(pod: KubeObject, c: KubeObject['spec'], api: Pick<ApiClient, 'tryGet'>, allocatable: () => ResourceList): { files: Record<string, string> } {
  const files: Record<string, string> = {};
  const ns = pod.metadata.namespace ?? 'default';
  for (const m of c.volumeMounts ?? []) {
    const vol = (pod.spec?.volumes ?? []).find((v: { name: string }) => v.name === m.name);
    if (vol?.hostPath) {
      // The host's files as of the pod's start (its pod logs are the only ones that move with time).
      Object.assign(files, hostPathFiles(pod, vol.hostPath.path, m.mountPath, api, Date.parse(pod.status?.startTime ?? '') || 0));
      continue;
    }
    // Each key's file as the kubelet's atomic writer lays it out at the mount path, or the one
    // a subPath names at the mount path itself.
    let dir: string | undefined;
    const put = (path: string, content: string) => {
      if (m.subPath) { if (m.subPath === path) files[m.mountPath] = content; return; }
      putKey(files, m.mountPath, dir ??= dataDir(pod, m.name), path, content);
    };
    const keys = (kind: 'ConfigMap' | 'Secret', name: string, listed?: { key: string; path: string }[]) => {
      const obj = api.tryGet({ kind, namespace: ns, name });
      if (!obj) return;
      const data: Record<string, string> = obj.data ?? {};
      // A ConfigMap's binaryData keys are files too, their bytes as they are.
      const binary: Record<string, string> = ('binaryData' in obj && obj.binaryData) || {};
      for (const it of listed ?? [...Object.keys(data), ...Object.keys(binary)].map((k) => ({ key: k, path: k }))) {
        const v = data[it.key];
        if (v !== undefined) put(it.path, kind === 'Secret' ? decode(v) : v);
        else if (binary[it.key] !== undefined) put(it.path, decode(binary[it.key]!));
      }
    };
    const fields = (items: DownwardAPIItem[] = []) => {
      for (const it of items) put(it.path, downwardAPIValue(pod, it, (ref) => resourceFieldValue(pod, c, ref, allocatable)));
    };
    if (vol?.configMap) keys('ConfigMap', vol.configMap.name, vol.configMap.items);
    else if (vol?.secret) keys('Secret', vol.secret.secretName, vol.secret.items);
    else if (vol?.downwardAPI) fields(vol.downwardAPI.items);
    else if (vol?.projected && m.mountPath.replace(/\/$/, '') !== SERVICE_ACCOUNT_MOUNT_PATH) {
      for (const src of vol.projected.sources ?? []) {
        if (src.configMap) keys('ConfigMap', src.configMap.name, src.configMap.items);
        else if (src.secret) keys('Secret', src.secret.name, src.secret.items);
        else if (src.downwardAPI) fields(src.downwardAPI.items);
        else if (src.serviceAccountToken) put(src.serviceAccountToken.path, serviceAccountToken(pod));
      }
    }
  }
  return { files };
}

/** mountFailure returns the first ConfigMap/Secret volume the kubelet cannot set up. */
export function mountFailure(pod: KubeObject, api: ApiClient): MountFailure | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  for (const v of pod.spec?.volumes ?? []) {
    if (v.configMap && !v.configMap.optional && !api.tryGet({ kind: 'ConfigMap', namespace: ns, name: v.configMap.name })) {
      return { volume: v.name, message: `configmap "${v.configMap.name}" not found` };
    }
    if (v.secret && !v.secret.optional && !api.tryGet({ kind: 'Secret', namespace: ns, name: v.secret.secretName })) {
      return { volume: v.name, message: `secret "${v.secret.secretName}" not found` };
    }
    for (const src of v.projected?.sources ?? []) {
      const ref = src.configMap ?? src.secret;
      const kind = src.configMap ? 'configmap' : 'secret';
      if (ref && !ref.optional && !api.tryGet({ kind: src.configMap ? 'ConfigMap' : 'Secret', namespace: ns, name: ref.name })) {
        return { volume: v.name, message: `${kind} "${ref.name}" not found` };
      }
    }
  }
  return undefined;
}

/** referencedObjects lists the ConfigMaps and Secrets a pod depends on ("ConfigMap/name"), for the kubelet's watches. */
export function referencedObjects(pod: KubeObject): string[] {
  const out = new Set<string>();
  const spec = pod.spec ?? {};
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    for (const f of c.envFrom ?? []) {
      if (f.configMapRef) out.add(`ConfigMap/${f.configMapRef.name}`);
      if (f.secretRef) out.add(`Secret/${f.secretRef.name}`);
    }
    for (const e of c.env ?? []) {
      if (e.valueFrom?.configMapKeyRef) out.add(`ConfigMap/${e.valueFrom.configMapKeyRef.name}`);
      if (e.valueFrom?.secretKeyRef) out.add(`Secret/${e.valueFrom.secretKeyRef.name}`);
    }
  }
  for (const v of spec.volumes ?? []) {
    if (v.configMap) out.add(`ConfigMap/${v.configMap.name}`);
    if (v.secret) out.add(`Secret/${v.secret.secretName}`);
    for (const src of v.projected?.sources ?? []) {
      if (src.configMap) out.add(`ConfigMap/${src.configMap.name}`);
      if (src.secret) out.add(`Secret/${src.secret.name}`);
    }
  }
  return [...out];
}
