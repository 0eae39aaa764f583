/**
 * control-plane-health: whether the control-plane components a node's manifests describe can
 * run, judged as the kubelet would find out. A manifest the kubelet cannot decode is skipped
 * (no pod); an image that cannot be pulled never starts; an unknown flag makes the binary
 * exit at once (CrashLoopBackOff). Any of these takes the component down.
 * kubemu: the flag lists hold the flags kubeadm writes and those exam tasks and their usual
 * typos touch; a whole family (--audit-*, --oidc-*) is accepted by its prefix.
 */
import type { KubeObject } from '../api/meta';
import { parseManifest } from '../kubelet/static-pods';
import { pullFailure } from '../kubelet/images';

/** ControlPlaneComponent is a static control-plane pod kubeadm runs. */
export type ControlPlaneComponent = 'kube-apiserver' | 'kube-scheduler' | 'kube-controller-manager';
export const CONTROL_PLANE_COMPONENTS: readonly ControlPlaneComponent[] = ['kube-apiserver', 'kube-scheduler', 'kube-controller-manager'];

const COMMON = ['v', 'vmodule', 'feature-gates', 'profiling', 'bind-address', 'secure-port', 'tls-cert-file', 'tls-private-key-file',
  'tls-cipher-suites', 'tls-min-version', 'kubeconfig', 'authentication-kubeconfig', 'authorization-kubeconfig', 'leader-elect',
  'leader-elect-lease-duration', 'leader-elect-renew-deadline', 'leader-elect-retry-period', 'client-ca-file', 'requestheader-client-ca-file',
  'requestheader-allowed-names', 'requestheader-extra-headers-prefix', 'requestheader-group-headers', 'requestheader-username-headers',
  'logging-format', 'permit-port-sharing', 'contention-profiling'];

const FLAGS: Record<ControlPlaneComponent, { names: string[]; prefixes: string[] }> = {
  'kube-apiserver': {
    names: ['advertise-address', 'allow-privileged', 'anonymous-auth', 'api-audiences', 'authorization-mode', 'authorization-config',
      'authorization-webhook-config-file', 'authentication-token-webhook-config-file', 'admission-control-config-file', 'enable-admission-plugins',
      'disable-admission-plugins', 'enable-bootstrap-token-auth', 'enable-aggregator-routing', 'encryption-provider-config', 'etcd-cafile',
      'etcd-certfile', 'etcd-keyfile', 'etcd-servers', 'etcd-prefix', 'event-ttl', 'external-hostname', 'kubelet-certificate-authority',
      'kubelet-client-certificate', 'kubelet-client-key', 'kubelet-preferred-address-types', 'max-requests-inflight', 'max-mutating-requests-inflight',
      'proxy-client-cert-file', 'proxy-client-key-file', 'request-timeout', 'runtime-config', 'service-account-issuer', 'service-account-key-file',
      'service-account-signing-key-file', 'service-account-lookup', 'service-cluster-ip-range', 'service-node-port-range', 'storage-backend',
      'token-auth-file', 'watch-cache', 'endpoint-reconciler-type', 'egress-selector-config-file', 'tracing-config-file'],
    prefixes: ['audit-', 'oidc-'],
  },
  'kube-scheduler': { names: ['config', 'master', 'port', 'policy-config-file'], prefixes: [] },
  'kube-controller-manager': {
    names: ['allocate-node-cidrs', 'cluster-cidr', 'cluster-name', 'cluster-signing-cert-file', 'cluster-signing-key-file', 'controllers',
      'node-cidr-mask-size', 'node-monitor-grace-period', 'node-monitor-period', 'root-ca-file', 'service-account-private-key-file',
      'service-cluster-ip-range', 'use-service-account-credentials', 'terminated-pod-gc-threshold', 'concurrent-deployment-syncs',
      'horizontal-pod-autoscaler-sync-period', 'pod-eviction-timeout', 'configure-cloud-routes', 'cloud-provider'],
    prefixes: ['cluster-signing-'],
  },
};

/** manifestProblem says why a component's manifest keeps it from running; undefined when it runs. */
export function manifestProblem(component: ControlPlaneComponent, text: string | undefined, file: string): string | undefined {
  if (text === undefined) return `no manifest ${file}`;
  const pod = parseManifest(text, file);
  if (typeof pod === 'string') return `the kubelet cannot decode ${file}: ${pod}`;
  const c: { image?: string; command?: string[]; args?: string[] } | undefined = (pod as KubeObject).spec?.containers?.[0];
  if (!c?.image) return `${file} has no container image`;
  const pull = pullFailure(c.image);
  if (pull) return pull.message;
  const known = FLAGS[component];
  for (const a of [...(c.command ?? []).slice(1), ...(c.args ?? [])]) {
    const m = /^--?([^=]+)/.exec(a);
    if (!m) continue;
    const name = m[1]!;
    if (!COMMON.includes(name) && !known.names.includes(name) && !known.prefixes.some((p) => name.startsWith(p))) return `Error: unknown flag: --${name}`;
  }
  if (!(c.command ?? [])[0]?.endsWith(component)) return `exec: "${(c.command ?? [])[0] ?? ''}": executable file not found in $PATH`;
  return undefined;
}
