/**
 * node: kubemu node — topology and fault injection, which kubectl has no verb for:
 * add/remove nodes, stop/start a kubelet, partition a node from the control plane, inject
 * resource pressure, and edit a node's static pod manifests.
 */
import type { KubeObject } from '../../api/meta';
import { QUANTITY_FORMAT_ERROR, tryParseQuantity } from '../../api/quantity';
import type { Cluster } from '../../cluster/cluster';
import { DEFAULT_SPEC, type ClusterSpec } from '../../cluster/bootstrap';
import { nextNodeIndex, type NodeShape } from '../../cluster/node-factory';
import { joinNode } from '../../cluster/join-node';
import { DEFAULT_POD_NETWORK, kubeProxySetting } from '../../network/ipam';
import { needsCniAddon } from '../../cluster/cni-option';
import { NODE_STOPPED_ANNOTATION, kubeletRunning } from '../../api/kubelet-stopped';
import {
  KUBELET_PARTITIONED, KUBELET_STOPPED, NODE_PRESSURE_ANNOTATION, type Pressure, pressuresOf, syncNodeStatus,
} from '../../kubelet/node-status';
import { STATIC_PODS_NAMESPACE, manifestFiles, staticPodsConfigMapName } from '../../kubelet/static-pods';
import { renderTabbed } from '../../printers/table';
import { withDiskPressure } from '../../kubelet/eviction-manager';
import { alreadyExists } from '../../apiserver/errors';
import type { CommandContext } from '../command';
import { leaf, ownVerb, type OwnLeaf } from '../own-verb';
import { CliError, UsageError } from '../errors';
import { readFilenameArgs } from '../manifests';
import { parseTaint } from './taint';
import { iptablesRules, ipvsRules } from '../../network/kube-proxy-rules';
import { nftablesRules } from '../../network/kube-proxy-nftables';

/** FIELD_MANAGER records kubemu's own writes. */
export const FIELD_MANAGER = 'kubemu';

function reconcileCtx(cluster: Cluster) {
  return { api: cluster.api, clock: cluster.clock, rand: cluster.rand };
}

function one(ctx: CommandContext, verb: string): string {
  if (ctx.args.length !== 1) throw new UsageError(`${verb} takes one NODE name`, `node ${verb}`);
  return ctx.args[0]!.replace(/^(nodes?|no)\//, '');
}

/** setAnnotation writes (value) or removes (undefined) one annotation on a node. */
function setAnnotation(cluster: Cluster, name: string, key: string, value: string | undefined): void {
  const node = structuredClone(cluster.api.get({ kind: 'Node', name }));
  const ann = { ...(node.metadata.annotations ?? {}) };
  if (value === undefined) delete ann[key];
  else ann[key] = value;
  node.metadata.annotations = ann;
  cluster.api.update(node, { fieldManager: FIELD_MANAGER });
}

function parsePairs(s: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (s ?? '').split(',').filter(Boolean)) {
    const i = part.indexOf('=');
    if (i <= 0) throw new CliError(`invalid label "${part}": expected key=value`);
    out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}

const add = leaf({
  command: 'add <name>',
  describe: 'Add a worker (or control-plane) node whose kubelet registers at once',
  options: {
    cpu: { type: 'string', describe: 'CPU capacity (default: the cluster\'s node size).' },
    memory: { type: 'string', describe: 'Memory capacity, e.g. 16Gi.' },
    'max-pods': { type: 'number', describe: 'Pod capacity.' },
    labels: { type: 'string', describe: 'Extra labels, k=v,k2=v2.' },
    taints: { type: 'string', describe: 'Taints, k=v:Effect,k2:Effect.' },
    zone: { type: 'string', describe: 'topology.kubernetes.io/zone label.' },
    'control-plane': { type: 'boolean', default: false, describe: 'Make it a kubeadm control-plane node (labels, taint, static pods).' },
  },
  examples: [['$0 node add worker03 --cpu 8 --memory 32Gi --zone z1 --labels tier=gpu', 'a bigger worker in zone z1']],
  run(ctx: CommandContext, opts): number {
    const name = one(ctx, 'add');
    const cluster = ctx.cluster();
    const spec = { ...DEFAULT_SPEC, ...JSON.parse(cluster.store.meta.get('cluster.spec') ?? '{}') as Partial<ClusterSpec> };
    const cpu = opts.cpu ?? spec.nodeCpu;
    const memory = opts.memory ?? spec.nodeMemory;
    for (const [flag, v] of [['cpu', cpu], ['memory', memory]] as const) {
      if (!tryParseQuantity(v)) throw new CliError(`invalid --${flag} "${v}": ${QUANTITY_FORMAT_ERROR}`);
    }
    const maxPods = opts['max-pods'] ?? spec.maxPods;
    // The kubelet refuses to start with such a configuration (KubeletConfiguration validation).
    if (!Number.isInteger(maxPods)) throw new CliError(`invalid argument "${maxPods}" for "--max-pods" flag: strconv.ParseInt: parsing "${maxPods}": invalid syntax`);
    if (maxPods < 0) throw new CliError(`invalid configuration: maxPods (--max-pods) ${maxPods} must not be a negative number`);
    const taintSpecs = (opts.taints ?? '').split(',').filter(Boolean);
    const controlPlane = !!opts['control-plane'];
    cluster.write(() => {
      if (cluster.api.tryGet({ kind: 'Node', name })) throw alreadyExists('', 'nodes', name);
      const nodes = cluster.api.list({ kind: 'Node' });
      const shape: NodeShape = {
        name, index: nextNodeIndex(nodes), controlPlane, cpu, memory,
        maxPods,
        labels: parsePairs(opts.labels),
        zone: opts.zone,
        ...(taintSpecs.length ? { taints: taintSpecs.map(parseTaint) } : {}),
      };
      // A cluster made without a CNI: the new node's network is up once the CNI's agent runs on it.
      joinNode(cluster.api, nodes, shape, { rand: cluster.rand, nowISO: cluster.clock.nowISO() }, { networkDown: needsCniAddon(spec.cni), running: true });
    });
    ctx.io.out(`node/${name} created\n`);
    return 0;
  },
});

const remove = leaf({
  command: 'remove <name>',
  describe: 'Remove a node (its pods are deleted, as the pod garbage collector would)',
  run(ctx: CommandContext): number {
    const name = one(ctx, 'remove');
    const cluster = ctx.cluster();
    cluster.write(() => {
      cluster.api.delete({ kind: 'Node', name }, { fieldManager: FIELD_MANAGER });
      const cm = staticPodsConfigMapName(name);
      if (cluster.api.tryGet({ kind: 'ConfigMap', namespace: STATIC_PODS_NAMESPACE, name: cm })) {
        cluster.api.delete({ kind: 'ConfigMap', namespace: STATIC_PODS_NAMESPACE, name: cm }, { fieldManager: FIELD_MANAGER });
      }
    });
    ctx.io.out(`node "${name}" deleted\n`);
    return 0;
  },
});

/** kubeletState changes a node's kubelet between running, stopped and partitioned. */
function kubeletState(verb: string, short: string, want: string | undefined, from: readonly (string | undefined)[], done: string): OwnLeaf {
  return {
    command: `${verb} <name>`,
    describe: short,
    run(ctx: CommandContext): number {
      const name = one(ctx, verb);
      const cluster = ctx.cluster();
      const current = cluster.api.get({ kind: 'Node', name }).metadata.annotations?.[NODE_STOPPED_ANNOTATION];
      if (current === want) { ctx.io.out(`node/${name} already ${done}\n`); return 0; }
      if (!from.includes(current)) throw new CliError(`node/${name} is ${current}; use 'kubemu node ${current === KUBELET_STOPPED ? 'start' : 'heal'} ${name}' first`);
      cluster.write(() => {
        const node = cluster.api.get({ kind: 'Node', name });
        // The kubelet's last beats before it goes quiet are real: write them down first.
        if (kubeletRunning(node)) syncNodeStatus(node, reconcileCtx(cluster), true);
        setAnnotation(cluster, name, NODE_STOPPED_ANNOTATION, want);
      });
      ctx.io.out(`node/${name} ${done}\n`);
      return 0;
    },
  };
}

const stop = kubeletState('stop', 'Stop a node\'s kubelet: no heartbeats, no pod changes', KUBELET_STOPPED, [undefined], 'stopped');
const start = kubeletState('start', 'Start a stopped kubelet again', undefined, [KUBELET_STOPPED], 'started');
const partition = kubeletState('partition', 'Cut a node off from the control plane (its containers keep running)', KUBELET_PARTITIONED, [undefined], 'partitioned');
const heal = kubeletState('heal', 'Reconnect a partitioned node', undefined, [KUBELET_PARTITIONED], 'reconnected');

const PRESSURES: readonly Pressure[] = ['memory', 'disk', 'pid'];

const pressure = leaf({
  command: 'pressure <name>',
  describe: 'Make a node\'s kubelet report (or stop reporting) memory, disk or PID pressure',
  options: {
    memory: { type: 'boolean', default: false, describe: 'MemoryPressure.' },
    disk: { type: 'boolean', default: false, describe: 'DiskPressure.' },
    pid: { type: 'boolean', default: false, describe: 'PIDPressure.' },
    off: { type: 'boolean', default: false, describe: 'Relieve the pressure instead.' },
  },
  examples: [['$0 node pressure worker01 --memory', 'worker01 reports MemoryPressure; add --off to relieve it']],
  run(ctx: CommandContext): number {
    const name = one(ctx, 'pressure');
    const chosen = PRESSURES.filter((p) => ctx.flags[p]);
    if (!chosen.length) throw new UsageError('specify --memory, --disk or --pid', 'node pressure');
    const off = !!ctx.flags.off;
    const cluster = ctx.cluster();
    cluster.write(() => {
      const node = structuredClone(cluster.api.get({ kind: 'Node', name }));
      const set = pressuresOf(node);
      // Disk goes through withDiskPressure: freed space keeps DiskPressure for the transition period.
      for (const p of chosen) if (p !== 'disk') { if (off) set.delete(p); else set.add(p); }
      const value = PRESSURES.filter((p) => set.has(p)).join(',');
      let ann = { ...(node.metadata.annotations ?? {}) };
      if (value) ann[NODE_PRESSURE_ANNOTATION] = value; else delete ann[NODE_PRESSURE_ANNOTATION];
      if (chosen.includes('disk')) ann = withDiskPressure(ann, !off, cluster.clock.nowISO());
      node.metadata.annotations = ann;
      cluster.api.update(node, { fieldManager: FIELD_MANAGER });
    });
    for (const p of chosen) ctx.io.out(`node/${name} ${p} pressure ${off ? 'off' : 'on'}\n`);
    return 0;
  },
});

const manifests = leaf({
  command: 'manifests <node> [action] [name]',
  describe: 'List, add or remove a node\'s static pod manifests (ACTION: list, add -f FILE, remove NAME)',
  options: { filename: { alias: 'f', type: 'string', array: true, default: [] as string[], describe: 'Pod manifest(s) to add.' } },
  examples: [['$0 node manifests cp0 add -f etcd.yaml', 'add a static pod to node cp0']],
  run(ctx: CommandContext, opts): number {
    const [nodeArg, action = 'list', target] = ctx.args;
    if (!nodeArg) throw new UsageError('specify a NODE', 'node manifests');
    const name = nodeArg.replace(/^(nodes?|no)\//, '');
    const cluster = ctx.cluster();
    const node = cluster.api.get({ kind: 'Node', name });
    const files = manifestFiles(node, cluster.api);
    if (action === 'list') {
      const rows = [['FILE', 'NAMESPACE', 'POD', 'MIRROR POD']];
      for (const [file, m] of Object.entries(files)) rows.push([file, m.metadata.namespace ?? 'default', m.metadata.name!, `${m.metadata.name}-${name}`]);
      if (rows.length === 1) { ctx.io.err(`No static pods on node/${name}.\n`); return 0; }
      ctx.io.out(renderTabbed(rows));
      return 0;
    }
    let next: Record<string, KubeObject>;
    const lines: string[] = [];
    if (action === 'add') {
      const filenames = opts.filename;
      if (!filenames.length) throw new UsageError('add needs -f FILE', 'node manifests');
      const read = readFilenameArgs(ctx, filenames, false, true);
      if (read.errors.length) throw new CliError(read.errors[0]!.message);
      next = { ...files };
      for (const doc of read.docs) {
        const pod = doc.object as unknown as KubeObject;
        if (pod.kind !== 'Pod') throw new CliError(`static pod manifests must be Pods, not ${pod.kind}`);
        if (!pod.metadata?.name) throw new CliError('a static pod manifest needs metadata.name');
        pod.metadata.namespace ??= 'default';
        next[`${pod.metadata.name}.yaml`] = pod;
        lines.push(`static pod ${pod.metadata.namespace}/${pod.metadata.name} added to node/${name}`);
      }
    } else if (action === 'remove') {
      if (!target) throw new UsageError('remove needs the static pod NAME', 'node manifests');
      const file = `${target}.yaml`;
      if (!files[file]) throw new CliError(`static pod "${target}" not found on node/${name}`);
      next = { ...files };
      delete next[file];
      lines.push(`static pod ${files[file]!.metadata.namespace ?? 'default'}/${target} removed from node/${name}`);
    } else {
      throw new UsageError(`unknown action "${action}": use list, add or remove`, 'node manifests');
    }
    cluster.write(() => {
      const data = Object.fromEntries(Object.entries(next).map(([f, m]) => [f, JSON.stringify(m)]));
      const cmName = staticPodsConfigMapName(name);
      const cm = cluster.api.tryGet({ kind: 'ConfigMap', namespace: STATIC_PODS_NAMESPACE, name: cmName });
      if (cm) cluster.api.update({ ...cm, data } as KubeObject, { fieldManager: FIELD_MANAGER });
      else cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: cmName, namespace: STATIC_PODS_NAMESPACE }, data } as KubeObject, { fieldManager: FIELD_MANAGER });
    });
    for (const l of lines) ctx.io.out(`${l}\n`);
    return 0;
  },
});

/** PROXY_RULE_MODES are the kube-proxy modes proxy-rules accepts. */
const PROXY_RULE_MODES = ['iptables', 'ipvs', 'nftables'] as const;

/** kubeProxyConfig reads mode and clusterCIDR from kube-proxy's ConfigMap, as the DaemonSet's pods load it. */
function kubeProxyConfig(cluster: Cluster): { mode: string; clusterCIDR: string } {
  return { mode: kubeProxySetting(cluster.api, 'mode') ?? 'iptables', clusterCIDR: kubeProxySetting(cluster.api, 'clusterCIDR') ?? DEFAULT_POD_NETWORK };
}

const proxyRules = leaf({
  command: 'proxy-rules <node>',
  describe: 'Print the rules kube-proxy programs on a node (iptables-save, ipvsadm -Ln or the nft table)',
  options: {
    mode: { type: 'string', choices: PROXY_RULE_MODES, describe: 'Proxy mode (default: the kube-proxy ConfigMap\'s mode).' },
  },
  examples: [
    ['$0 node proxy-rules worker01', 'the nat and filter tables, as iptables-save prints them'],
    ['$0 node proxy-rules worker01 --mode ipvs', 'the IPVS virtual servers, as ipvsadm -Ln prints them'],
    ['$0 node proxy-rules worker01 --mode nftables', "the kube-proxy table, as kube-proxy's nft transaction adds it"],
  ],
  run(ctx: CommandContext, opts): number {
    const name = one(ctx, 'proxy-rules');
    const cluster = ctx.cluster();
    cluster.catchUp();
    const text = cluster.read(() => {
      cluster.api.get({ kind: 'Node', name });
      // No kube-proxy runs where the CNI replaces it (Cilium's eBPF service maps route instead).
      if (!cluster.api.tryGet({ kind: 'DaemonSet', namespace: 'kube-system', name: 'kube-proxy' })) {
        throw new CliError(`kube-proxy does not run on node ${name}: this cluster has no kube-proxy DaemonSet (its CNI, e.g. Cilium, routes Services itself)`);
      }
      const config = kubeProxyConfig(cluster);
      const mode = opts.mode ?? config.mode;
      if (mode === 'ipvs') return ipvsRules(cluster.api, name);
      if (mode === 'nftables') return nftablesRules(cluster.api, name, config.clusterCIDR);
      if (mode !== 'iptables') throw new CliError(`kube-proxy mode "${mode}" is not modelled; use --mode iptables, ipvs or nftables`);
      return iptablesRules(cluster.api, name, config.clusterCIDR);
    });
    ctx.io.out(text);
    return 0;
  },
});

/** nodeCommand is `kubemu node`. */
export const nodeCommand = ownVerb({
  command: 'node',
  describe: 'Add, remove, stop, start, partition and stress nodes (kubemu)',
  subcommands: [add, remove, stop, start, partition, heal, pressure, manifests, proxyRules],
});
