/**
 * certs: `kubeadm certs check-expiration` and `kubeadm certs renew all|NAME` on a control
 * plane — kubeadm v1.32's tables, in simulated time. kubeadm init issues the leaf
 * certificates for a year and the CAs for ten; renewal reissues the leaves from now.
 * kubemu: issued when the node registered (or last renewed, kept in the units record).
 */
import type { FinishedCommand } from '../kubelet/shell';
import type { KubeObject } from '../api/meta';
import type { ServicesState } from './services';
import { isControlPlaneNode } from '../api/well-known-labels';
import { LEAF_VALIDITY_MS as YEAR_MS } from './serving-cert';
import { tabulateRows } from '../api/go-tabwriter';
import { shortHumanDuration } from '../api/human-duration';

const LEAVES: [name: string, ca: string, renewed: string][] = [
  ['admin.conf', 'ca', 'certificate embedded in the kubeconfig file for the admin to use and for kubeadm itself'],
  ['apiserver', 'ca', 'certificate for serving the Kubernetes API'],
  ['apiserver-etcd-client', 'etcd-ca', 'certificate the apiserver uses to access etcd'],
  ['apiserver-kubelet-client', 'ca', 'certificate for the API server to connect to kubelet'],
  ['controller-manager.conf', 'ca', 'certificate embedded in the kubeconfig file for the controller manager to use'],
  ['etcd-healthcheck-client', 'etcd-ca', 'certificate for liveness probes to healthcheck etcd'],
  ['etcd-peer', 'etcd-ca', 'certificate for etcd nodes to communicate with each other'],
  ['etcd-server', 'etcd-ca', 'certificate for serving etcd'],
  ['front-proxy-client', 'front-proxy-ca', 'certificate for the front proxy client'],
  ['scheduler.conf', 'ca', 'certificate embedded in the kubeconfig file for the scheduler manager to use'],
  ['super-admin.conf', 'ca', 'certificate embedded in the kubeconfig file for the super-admin'],
];
const CAS = ['ca', 'etcd-ca', 'front-proxy-ca'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');

/** expires is kubeadm's "Jan 02, 2006 15:04 MST". */
const expires = (ms: number) => { const d = new Date(ms); return `${MONTHS[d.getUTCMonth()]} ${p2(d.getUTCDate())}, ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())} UTC`; };

/** residual is apimachinery's ShortHumanDuration of the time left, as kubeadm prints RESIDUAL TIME (<invalid> once expired). */
function residual(ms: number): string {
  // kubemu: the check runs a moment after the issue, as on a host (a certificate renewed this instant shows 364d, not 1y).
  return shortHumanDuration(ms - 1000);
}

/** table lays rows out as kubeadm's tabwriter does (minwidth 10, padding 3). */
function table(rows: string[][]): string[] {
  return tabulateRows(rows, 3, 10);
}

/** kubeadmCerts is `kubeadm certs check-expiration | renew all|NAME`. */
export function kubeadmCerts(args: string[], node: KubeObject, services: ServicesState, nowMs: number): FinishedCommand {
  const [sub, what] = args.filter((a) => !a.startsWith('-'));
  if (!isControlPlaneNode(node)) return { output: ['error: couldn\'t load the certificate file /etc/kubernetes/pki/apiserver.crt: open /etc/kubernetes/pki/apiserver.crt: no such file or directory'], code: 1 };
  const issued = Date.parse(node.metadata.creationTimestamp ?? '1970-01-01T00:00:00Z');
  const leafIssued = services.certsRenewedMs ?? issued;
  if (sub === 'check-expiration') {
    return {
      code: 0,
      output: [
        '[check-expiration] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...',
        "[check-expiration] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.", '',
        ...table([['CERTIFICATE', 'EXPIRES', 'RESIDUAL TIME', 'CERTIFICATE AUTHORITY', 'EXTERNALLY MANAGED'],
          ...LEAVES.map(([n, ca]) => [n, expires(leafIssued + YEAR_MS), residual(leafIssued + YEAR_MS - nowMs), ca, 'no'])]), '',
        ...table([['CERTIFICATE AUTHORITY', 'EXPIRES', 'RESIDUAL TIME', 'EXTERNALLY MANAGED'],
          ...CAS.map((ca) => [ca, expires(issued + 10 * YEAR_MS), residual(issued + 10 * YEAR_MS - nowMs), 'no'])]),
      ],
    };
  }
  if (sub === 'renew' && what) {
    const chosen = what === 'all' ? LEAVES : LEAVES.filter(([n]) => n === what);
    if (!chosen.length) return { output: [`error: unknown command "${what}" for "kubeadm certs renew"`], code: 1 };
    // kubemu: renewing one certificate renews the record of all of them.
    services.certsRenewedMs = nowMs;
    return {
      code: 0,
      output: ['[renew] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...',
        "[renew] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.", '',
        ...chosen.map(([, , text]) => `${text} renewed`), '',
        ...(what === 'all' ? ['Done renewing certificates. You must restart the kube-apiserver, kube-controller-manager, kube-scheduler and etcd, so that they can use the new certificates.'] : [])],
    };
  }
  return { output: ['kubeadm: kubemu models certs check-expiration and certs renew all|NAME'], code: 1 };
}
