/**
 * session: one run of commands on a node host (`kubemu ssh NODE`). The container shell model
 * (kubelet/shell.ts) interprets the commands over the node's files (host-files.ts), with the
 * host's own binaries (host-commands.ts) beside busybox's applets; afterwards the session
 * writes back what changed: the manifests folder (the static-pods ConfigMap the kubelet
 * watches), the other files (a node-local layer), and the units' state — a stopped or failed
 * kubelet is the node's kubelet-stopped annotation, as `kubemu node stop` sets it.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { ReconcileContext } from '../sim/controller';
import { NODE_STOPPED_ANNOTATION } from '../api/kubelet-stopped';
import { KUBELET_STOPPED, syncNodeStatus } from '../kubelet/node-status';
import { MANIFESTS_DIR, STATIC_PODS_NAMESPACE, staticPodsConfigMapName } from '../kubelet/static-pods';
import { diffLayer } from '../kubelet/filesystem';
import { runArgv } from '../kubelet/shell';
import { HOST_FILES_KEY, HOST_WRITABLE_BYTES, LOG_DIR, hostFiles, hostLayer } from './host-files';
import { isControlPlaneNode } from '../api/well-known-labels';
import { hostBinary, type HostCommandEnv } from './host-commands';
import { JOURNAL_LIMIT, SERVICES_KEY, type ServicesState, initialServices } from './services';
import { CONTROL_PLANE_COMPONENTS, type ControlPlaneComponent, manifestProblem } from './control-plane-health';
import { CNI_CONFIG_KEY, type CniConfig } from '../network/cni';
import { DISK_FILL_PATH, withDiskPressure } from '../kubelet/eviction-manager';

/** FIELD_MANAGER records writes made from a node's shell. */
export const FIELD_MANAGER = 'kubemu-ssh';

/** SessionOptions: where the commands run and how. */
export interface SessionOptions {
  nodeName: string;
  /** script is the commands, as sh reads them. */
  script: string;
  /** endpoint is the control plane's address:port. */
  endpoint: string;
  /** cwd is the working directory the commands start in. */
  cwd?: string;
  edit?: (path: string, text: string) => string | undefined;
  /** tools runs binaries the caller provides (etcdctl, etcdutl); undefined for others. */
  tools?: HostCommandEnv['tools'];
  /** disk is the node's files that tools wrote (snapshots in /opt, restored data directories), kept outside the session's layer. */
  disk?: NodeDisk;
}

/**
 * NodeDisk is the part of a node's disk that lives on this machine rather than in the state:
 * its files as the shell sees them, and where the shell's changes to them go.
 */
export interface NodeDisk {
  files: Record<string, string>;
  /** write replaces a file's content, or removes it (undefined). */
  write(path: string, content: string | undefined): void;
}

/** SessionResult is what the commands printed, their exit status, where they left off, and the control plane's health when the manifests changed. */
export interface SessionResult {
  output: string[];
  /** stderr marks the output lines written to stderr (by the shell, or a tool's errors). */
  stderr: boolean[];
  code: number;
  cwd: string;
  /** components: each control-plane component's problem (undefined: it runs), when this node's manifests changed. */
  components?: Record<ControlPlaneComponent, string | undefined>;
}

/** servicesOf is the node's units record (their state since it registered when nothing changed them). */
export function servicesOf(node: KubeObject, api: ApiClient): ServicesState {
  const stored = api.nodeLocalState<ServicesState>(node.metadata.name!, SERVICES_KEY);
  const st = stored && stored.uid === node.metadata.uid ? stored : initialServices(node);
  // `kubemu node stop|start` changes the kubelet behind systemd's back: the annotation decides.
  const stopped = node.metadata.annotations?.[NODE_STOPPED_ANNOTATION] === KUBELET_STOPPED;
  if (stopped === st.units.kubelet.active) st.units.kubelet = { ...st.units.kubelet, active: !stopped, failed: false };
  return st;
}

/** runOnNode runs a script on a node host and writes back its effects; call it inside a write. */
export function runOnNode(o: SessionOptions, ctx: ReconcileContext): SessionResult {
  const { api } = ctx;
  const node = api.get({ kind: 'Node', name: o.nodeName });
  const nowMs = ctx.clock.nowMs();
  const generated = hostFiles({ node, api, nowMs, endpoint: o.endpoint });
  const disk = o.disk?.files ?? {};
  // The disk's files are seen beside the generated ones and, being on the machine, count against no layer.
  const files = { ...generated.files, ...disk };
  const services = servicesOf(node, api);
  const wasRunning = services.units.kubelet.active && services.units.containerd.active;
  const env = { node, api, nowMs, endpoint: o.endpoint, services, edit: o.edit, tools: o.tools, rand: ctx.rand };
  const shellEnv = { HOME: '/root', PWD: o.cwd ?? '/root', HOSTNAME: o.nodeName, PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', USER: 'root', SHELL: '/bin/bash' };
  // The working directory is read back from a file the last line writes, keeping the commands' exit status.
  const program = runArgv(['sh', '-c', `${o.script}\n__kubemu_status=$?\necho "$PWD" >/run/kubemu-cwd\nexit $__kubemu_status`], {
    env: shellEnv, files, startMs: nowMs, shell: 'bash',
    binary: (argv, atMs, view) => (view ? hostBinary(argv, env, atMs ?? 0, view) : undefined),
    writable: { base: { ...files }, limitBytes: HOST_WRITABLE_BYTES },
  });
  const after = new Map(Object.entries(files));
  let cwd = o.cwd ?? '/root';
  const diskChanges = new Map<string, string | undefined>();
  for (const e of program.files) {
    if (e.path === '/run/kubemu-cwd') { cwd = (e.content ?? '').trim() || cwd; continue; }
    if (e.content === undefined) after.delete(e.path); else after.set(e.path, e.content);
    if (e.path in disk) diskChanges.set(e.path, e.content);
  }
  for (const [p, content] of diskChanges) if (content !== disk[p]) o.disk!.write(p, content);
  const output = program.lines.map((l) => l.text);
  const stderr = program.lines.map((l) => l.stream === 'stderr');
  const result: SessionResult = { output, stderr, code: program.exit?.code ?? 0, cwd };

  // The manifests folder: written back to the ConfigMap the kubelet reads.
  const manifestsOf = (m: Map<string, string> | Record<string, string>) => Object.fromEntries(
    (m instanceof Map ? [...m] : Object.entries(m)).filter(([p]) => p.startsWith(`${MANIFESTS_DIR}/`) && p !== `${MANIFESTS_DIR}/` && !p.slice(MANIFESTS_DIR.length + 1).includes('/'))
      .map(([p, c]) => [p.slice(MANIFESTS_DIR.length + 1), c]));
  const before = manifestsOf(files);
  const now = manifestsOf(after);
  if (JSON.stringify(before) !== JSON.stringify(now)) {
    const name = staticPodsConfigMapName(o.nodeName);
    const cm = api.tryGet({ kind: 'ConfigMap', namespace: STATIC_PODS_NAMESPACE, name });
    if (cm) api.update({ ...cm, data: now } as KubeObject, { fieldManager: FIELD_MANAGER });
    else api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: STATIC_PODS_NAMESPACE }, data: now } as KubeObject, { fieldManager: FIELD_MANAGER });
    if (isControlPlaneNode(node)) {
      result.components = Object.fromEntries(CONTROL_PLANE_COMPONENTS.map((c) => [c, manifestProblem(c, now[`${c}.yaml`], `${MANIFESTS_DIR}/${c}.yaml`, (p) => after.has(p))])) as SessionResult['components'];
    }
  }

  // Every other file: a layer over the generated ones (logs are the runtime's, not the session's).
  const rest = new Map([...after].filter(([p]) => !p.startsWith(`${MANIFESTS_DIR}/`) && !p.startsWith(`${LOG_DIR}/`) && !(p in disk)));
  const restBase = Object.fromEntries(Object.entries(generated.base).filter(([p]) => !p.startsWith(`${LOG_DIR}/`)));
  const layer = diffLayer(restBase, Object.fromEntries(rest));
  if (JSON.stringify(layer) !== JSON.stringify(hostLayer(node, api))) {
    api.setNodeLocalState(o.nodeName, HOST_FILES_KEY, Object.keys(layer).length ? { uid: node.metadata.uid, files: layer } : undefined);
  }

  // /etc/cni/net.d: containerd watches it; emptied, the runtime reports its network not ready.
  const cniBefore = cniConfigFiles(files);
  const cniAfter = cniConfigFiles(after);
  const cniChanged = !cniBefore.length !== !cniAfter.length;
  if (cniChanged) api.setNodeLocalState(o.nodeName, CNI_CONFIG_KEY, { plugin: cniAfter.length ? cniAfter[0]! : null } satisfies CniConfig);

  // The file filling the disk: written, the kubelet's eviction manager sees the disk full; removed, the space is free.
  if (files[DISK_FILL_PATH] === undefined !== !after.has(DISK_FILL_PATH)) {
    const latest = structuredClone(api.get({ kind: 'Node', name: o.nodeName }));
    latest.metadata.annotations = withDiskPressure(latest.metadata.annotations, after.has(DISK_FILL_PATH), ctx.clock.nowISO());
    api.update(latest, { fieldManager: FIELD_MANAGER });
  }

  // The units: the journal is bounded; a kubelet that is not running stops the node's heartbeats.
  services.journal = services.journal.slice(-JOURNAL_LIMIT);
  api.setNodeLocalState(o.nodeName, SERVICES_KEY, services);
  const running = services.units.kubelet.active && services.units.containerd.active;
  // A kubelet restarted from a newer package reports its version in the node's status.
  const reported = api.get({ kind: 'Node', name: o.nodeName });
  if (running && services.kubeletVersion && reported.status?.nodeInfo?.kubeletVersion !== services.kubeletVersion) {
    api.updateStatus({ ...reported, status: { ...reported.status, nodeInfo: { ...reported.status?.nodeInfo, kubeletVersion: services.kubeletVersion } } }, { fieldManager: FIELD_MANAGER });
  }
  if (running !== wasRunning) {
    const fresh = structuredClone(api.get({ kind: 'Node', name: o.nodeName }));
    // The kubelet's last beats before it goes quiet are real: write them down first.
    if (!running) syncNodeStatus(fresh, ctx, true);
    const latest = structuredClone(api.get({ kind: 'Node', name: o.nodeName }));
    const ann = { ...(latest.metadata.annotations ?? {}) };
    if (running) delete ann[NODE_STOPPED_ANNOTATION]; else ann[NODE_STOPPED_ANNOTATION] = KUBELET_STOPPED;
    latest.metadata.annotations = ann;
    api.update(latest, { fieldManager: FIELD_MANAGER });
  }
  // A running kubelet posts the runtime's network status with its next node status.
  if (cniChanged && running) syncNodeStatus(structuredClone(api.get({ kind: 'Node', name: o.nodeName })), ctx);
  return result;
}

/** cniConfigFiles are the network configs in /etc/cni/net.d, as libcni loads them (*.conf, *.conflist, *.json), by name. */
function cniConfigFiles(files: Map<string, string> | Record<string, string>): string[] {
  const paths = files instanceof Map ? [...files.keys()] : Object.keys(files);
  return paths.filter((p) => /^\/etc\/cni\/net\.d\/[^/]+\.(conf|conflist|json)$/.test(p)).map((p) => p.slice('/etc/cni/net.d/'.length)).sort();
}
