/**
 * faults: the troubleshooting faults an exercise's setup can name (`fault: bad-image`), each
 * made of the commands a person breaking the cluster would type — kubectl for objects,
 * `kubemu ssh NODE` for a node's files and units, `kubemu tick` where the damage needs
 * time to show (a stopped kubelet's node goes NotReady after the 40 s grace period).
 */
import type { Step } from './model';
import { DISK_FILL_PATH } from '../kubelet/eviction-manager';

const DISK_FILL_DIR = DISK_FILL_PATH.slice(0, DISK_FILL_PATH.lastIndexOf('/'));

/** Fault is a named fault: the arguments it takes and the steps it expands to. */
export interface Fault {
  readonly describe: string;
  readonly args: readonly string[];
  readonly optional: readonly string[];
  steps(a: Readonly<Record<string, string>>): Step[];
}

const CONTROL_PLANE_NODE = 'control01';
const ns = (a: Readonly<Record<string, string>>) => (a.namespace ? ` -n ${a.namespace}` : '');

/** selectorJson turns `app=web,tier=fe` into a selector mapping's JSON. */
function selectorJson(selector: string): string {
  const out: Record<string, string> = {};
  for (const kv of selector.split(',')) {
    const [k, v = ''] = kv.split('=');
    out[k!.trim()] = v.trim();
  }
  return JSON.stringify(out);
}

/** breakManifest edits a static pod manifest on the control plane the way a typo would. */
function breakManifest(file: string, sed: string): Step[] {
  return [{ run: `kubemu ssh ${CONTROL_PLANE_NODE}`, stdin: `sed -i '${sed}' /etc/kubernetes/manifests/${file}\n` }];
}

/** ETCD_BREAKS are the edits of etcd.yaml the etcd-broken fault can make. */
const ETCD_BREAKS: Readonly<Record<string, string>> = {
  flag: 's/--data-dir=/--datadir=/',
  cert: 's#/etc/kubernetes/pki/etcd/server.crt#/etc/kubernetes/pki/etcd/etcd-server.crt#',
  image: 's#registry.k8s.io/etcd:3.5.16-0#registry.k8s.io/etcd:3.5.61-0#',
};

/** FAULTS by name. */
export const FAULTS: Readonly<Record<string, Fault>> = {
  'bad-image': {
    describe: 'a workload\'s container image that cannot be pulled',
    args: ['target', 'container'], optional: ['namespace', 'image'],
    steps: (a) => [{ run: `kubectl set image ${a.target} ${a.container}=${a.image ?? 'nginx:1.27-alpinee'}${ns(a)}` }],
  },
  'crash-loop': {
    describe: 'a workload whose first container exits with status 1 at start',
    args: ['target'], optional: ['namespace'],
    steps: (a) => [{ run: `kubectl patch ${a.target}${ns(a)} --type=json -p '[{"op":"add","path":"/spec/template/spec/containers/0/command","value":["sh","-c","echo loading config; exit 1"]}]'` }],
  },
  'wrong-selector': {
    describe: 'a Service whose selector matches no pod',
    args: ['service', 'selector'], optional: ['namespace'],
    steps: (a) => [{ run: `kubectl patch service ${a.service}${ns(a)} --type=json -p '[{"op":"replace","path":"/spec/selector","value":${selectorJson(a.selector!)}}]'` }],
  },
  'wrong-targetport': {
    describe: 'a Service whose first port targets a port nothing listens on',
    args: ['service', 'port'], optional: ['namespace'],
    steps: (a) => [{ run: `kubectl patch service ${a.service}${ns(a)} --type=json -p '[{"op":"replace","path":"/spec/ports/0/targetPort","value":${Number(a.port)}}]'` }],
  },
  quota: {
    describe: 'a ResourceQuota that leaves no room for more pods',
    args: ['namespace', 'hard'], optional: ['name'],
    steps: (a) => [{ run: `kubectl create quota ${a.name ?? 'team-quota'} --hard=${a.hard} -n ${a.namespace}` }],
  },
  taint: {
    describe: 'a taint on a node that pods do not tolerate',
    args: ['node', 'taint'], optional: [],
    steps: (a) => [{ run: `kubectl taint nodes ${a.node} ${a.taint}` }],
  },
  cordon: {
    describe: 'a cordoned node',
    args: ['node'], optional: [],
    steps: (a) => [{ run: `kubectl cordon ${a.node}` }],
  },
  'kubelet-stopped': {
    describe: 'a node whose kubelet was stopped (NotReady once the grace period passes)',
    args: ['node'], optional: [],
    steps: (a) => [{ run: `kubemu ssh ${a.node}`, stdin: 'systemctl stop kubelet\n' }, { run: 'kubemu tick 1m' }],
  },
  'scheduler-broken': {
    describe: 'a kube-scheduler static pod whose command has a typo (new pods stay Pending)',
    args: [], optional: [],
    steps: () => breakManifest('kube-scheduler.yaml', 's/- kube-scheduler$/- kube-schedulerr/'),
  },
  'apiserver-broken': {
    describe: 'a kube-apiserver static pod with an unknown flag (every kubectl call is refused)',
    args: [], optional: [],
    steps: () => breakManifest('kube-apiserver.yaml', 's/--authorization-mode=/--authorisation-mode=/'),
  },
  'component-flag': {
    describe: 'a kube-scheduler or kube-controller-manager static pod with a misspelt flag (its mirror pod crash-loops)',
    args: ['component'], optional: [],
    steps: (a) => breakManifest(`${a.component}.yaml`, 's/--leader-elect=true/--leader-elekt=true/'),
  },
  'etcd-broken': {
    describe: 'an etcd static pod that cannot start — how: flag (a misspelt flag), cert (a certificate path that does not exist) or image (a tag that does not exist); the API server goes down with it',
    args: [], optional: ['how'],
    steps: (a) => {
      const sed = ETCD_BREAKS[a.how ?? 'flag'];
      if (!sed) throw new Error(`etcd-broken: how must be one of: ${Object.keys(ETCD_BREAKS).join(', ')}`);
      return breakManifest('etcd.yaml', sed);
    },
  },
  'cni-missing': {
    describe: 'a node whose /etc/cni/net.d was emptied (its config moved to /root/cni-backup): NotReady, new pods there never get a network',
    args: ['node'], optional: [],
    steps: (a) => [{ run: `kubemu ssh ${a.node}`, stdin: 'mkdir -p /root/cni-backup\nmv /etc/cni/net.d/* /root/cni-backup/\n' }, { run: 'kubemu tick 1m' }],
  },
  'disk-full': {
    describe: `a node whose disk filled up (${DISK_FILL_PATH}): DiskPressure, the disk-pressure taint, and its pods evicted one every 10 s (the kubelet's eviction manager)`,
    args: ['node'], optional: [],
    steps: (a) => [
      { run: `kubemu ssh ${a.node}`, stdin: `mkdir -p ${DISK_FILL_DIR}\necho 'TRACE 94G of request dumps' > ${DISK_FILL_PATH}\n` },
      { run: 'kubemu tick 1m' },
    ],
  },
  'cert-expired': {
    describe: 'a year and a day pass: kubeadm\'s certificates expire, and kubectl fails the TLS handshake',
    args: [], optional: [],
    steps: () => [{ run: 'kubemu tick 8784h' }],
  },
  'coredns-down': {
    describe: 'CoreDNS scaled to zero (cluster DNS does not answer)',
    args: [], optional: [],
    steps: () => [{ run: 'kubectl scale deployment coredns -n kube-system --replicas=0' }],
  },
};
