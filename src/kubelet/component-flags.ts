/**
 * component-flags: how the control-plane binaries kubeadm runs as static pods react to their
 * command line at start — the flags each accepts, and what each prints when one is unknown
 * or a file it names is missing, before exiting with status 1 (so the kubelet restarts it into
 * CrashLoopBackOff). kube-apiserver, kube-controller-manager and kube-scheduler parse flags
 * with cobra through component-base's cli.Run, which prints `Error: unknown flag: --xyz`; etcd
 * parses with Go's flag package: `flag provided but not defined: -xyz`.
 * kubemu: the flag lists hold the flags kubeadm writes and those exam tasks and their usual
 * typos touch; a whole family (--audit-*, --oidc-*) is accepted by its prefix. The usage
 * text both print before the error is left out.
 */

/** ControlPlaneComponent is a static control-plane pod kubeadm runs. */
export type ControlPlaneComponent = 'etcd' | 'kube-apiserver' | 'kube-scheduler' | 'kube-controller-manager';
export const CONTROL_PLANE_COMPONENTS: readonly ControlPlaneComponent[] = ['etcd', 'kube-apiserver', 'kube-scheduler', 'kube-controller-manager'];

const COMMON = ['v', 'vmodule', 'feature-gates', 'profiling', 'bind-address', 'secure-port', 'tls-cert-file', 'tls-private-key-file',
  'tls-cipher-suites', 'tls-min-version', 'kubeconfig', 'authentication-kubeconfig', 'authorization-kubeconfig', 'leader-elect',
  'leader-elect-lease-duration', 'leader-elect-renew-deadline', 'leader-elect-retry-period', 'client-ca-file', 'requestheader-client-ca-file',
  'requestheader-allowed-names', 'requestheader-extra-headers-prefix', 'requestheader-group-headers', 'requestheader-username-headers',
  'logging-format', 'permit-port-sharing', 'contention-profiling'];

const FLAGS: Record<ControlPlaneComponent, { names: string[]; prefixes: string[] }> = {
  etcd: {
    names: ['name', 'data-dir', 'wal-dir', 'advertise-client-urls', 'listen-client-urls', 'listen-peer-urls', 'listen-metrics-urls',
      'initial-advertise-peer-urls', 'initial-cluster', 'initial-cluster-state', 'initial-cluster-token', 'cert-file', 'key-file',
      'trusted-ca-file', 'client-cert-auth', 'peer-cert-file', 'peer-key-file', 'peer-trusted-ca-file', 'peer-client-cert-auth',
      'snapshot-count', 'heartbeat-interval', 'election-timeout', 'quota-backend-bytes', 'max-request-bytes', 'log-level', 'logger',
      'log-outputs', 'metrics', 'cipher-suites', 'config-file', 'enable-v2', 'enable-pprof'],
    prefixes: ['experimental-', 'auto-compaction-', 'auto-tls', 'peer-auto-tls'],
  },
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

/** ETCD_FILE_FLAGS are etcd's flags naming a file it opens at start (its serving and peer TLS pairs and CAs). */
const ETCD_FILE_FLAGS = ['cert-file', 'key-file', 'trusted-ca-file', 'peer-cert-file', 'peer-key-file', 'peer-trusted-ca-file'];

/** componentOf names the control-plane component a command line starts, if it is one. */
export function componentOf(argv: readonly string[]): ControlPlaneComponent | undefined {
  const base = (argv[0] ?? '').replace(/^.*\//, '');
  return (CONTROL_PLANE_COMPONENTS as readonly string[]).includes(base) ? base as ControlPlaneComponent : undefined;
}

/** flagsOf yields each flag's name and value (undefined without `=`) on a command line. */
function* flagsOf(argv: readonly string[]): Generator<{ name: string; value: string | undefined }> {
  for (const a of argv.slice(1)) {
    const m = /^--?([^=]+)(?:=(.*))?$/.exec(a);
    if (m) yield { name: m[1]!, value: m[2] };
  }
}

/** unknownFlag is the first flag on the command line the component does not define. */
export function unknownFlag(component: ControlPlaneComponent, argv: readonly string[]): string | undefined {
  const known = FLAGS[component];
  for (const { name } of flagsOf(argv)) {
    const common = component !== 'etcd' && COMMON.includes(name);
    if (!common && !known.names.includes(name) && !known.prefixes.some((p) => name.startsWith(p))) return name;
  }
  return undefined;
}

/**
 * startFailure is what a control-plane binary prints before it exits with status 1 at start;
 * undefined when it starts. exists says whether a path the process would open is there
 * (undefined: the caller cannot tell, and the file is taken to be there).
 */
export function startFailure(argv: readonly string[], exists: (path: string) => boolean | undefined, startMs: number): string[] | undefined {
  const component = componentOf(argv);
  if (!component) return undefined;
  const unknown = unknownFlag(component, argv);
  if (unknown !== undefined) return [component === 'etcd' ? `flag provided but not defined: -${unknown}` : `Error: unknown flag: --${unknown}`];
  if (component !== 'etcd') return undefined;
  for (const { name, value } of flagsOf(argv)) {
    if (!ETCD_FILE_FLAGS.includes(name) || !value || exists(value) !== false) continue;
    const ts = new Date(startMs).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
    return [`{"level":"fatal","ts":"${ts}","caller":"etcdmain/etcd.go:204","msg":"discovery failed","error":"open ${value}: no such file or directory"}`];
  }
  return undefined;
}
