/**
 * health-endpoints: kube-apiserver's /healthz, /livez and /readyz (k8s.io/apiserver
 * pkg/server/healthz): "ok" on a healthy server; with ?verbose one "[+]<check> ok" line per
 * check and "<endpoint> check passed"; ?exclude=<check> marks a check "excluded: ok" and warns
 * about a name that matches none; /<endpoint>/<check> is that check alone. Any other path
 * under them is the server's 404.
 * The checks are a kubeadm cluster's (its post-start hooks in the order kube-apiserver
 * registers them, as a kubeadm v1.31.0 control plane lists them in /readyz?verbose; v1.32
 * adds none with its default feature gates). /readyz has three more: etcd-readiness,
 * informer-sync and shutdown. kubemu's API server answers only while it is healthy, so every
 * check passes.
 */

const POST_START_HOOKS = [
  'start-apiserver-admission-initializer', 'generic-apiserver-start-informers', 'priority-and-fairness-config-consumer',
  'priority-and-fairness-filter', 'storage-object-count-tracker-hook', 'start-apiextensions-informers',
  'start-apiextensions-controllers', 'crd-informer-synced', 'start-system-namespaces-controller',
  'start-cluster-authentication-info-controller', 'start-kube-apiserver-identity-lease-controller',
  'start-kube-apiserver-identity-lease-garbage-collector', 'start-legacy-token-tracking-controller',
  'start-service-ip-repair-controllers', 'rbac/bootstrap-roles', 'scheduling/bootstrap-system-priority-classes',
  'priority-and-fairness-config-producer', 'bootstrap-controller', 'aggregator-reload-proxy-client-cert',
  'start-kube-aggregator-informers', 'apiservice-status-local-available-controller', 'apiservice-status-remote-available-controller',
  'apiservice-registration-controller', 'apiservice-discovery-controller', 'kube-apiserver-autoregistration',
].map((h) => `poststarthook/${h}`);

/** LIVEZ_CHECKS are /livez's and /healthz's checks, in the order they are listed. */
const LIVEZ_CHECKS = ['ping', 'log', 'etcd', ...POST_START_HOOKS, 'autoregister-completion', 'poststarthook/apiservice-openapi-controller', 'poststarthook/apiservice-openapiv3-controller'];

/** READYZ_CHECKS are /readyz's: the readiness of etcd and the informers after etcd, the shutdown check last. */
const READYZ_CHECKS = ['ping', 'log', 'etcd', 'etcd-readiness', 'informer-sync', ...LIVEZ_CHECKS.slice(3), 'shutdown'];

const ENDPOINTS: Record<string, readonly string[]> = { healthz: LIVEZ_CHECKS, livez: LIVEZ_CHECKS, readyz: READYZ_CHECKS };

/** HealthAnswer is what the server answers a health path with: 200 and its text, or its 404. */
export type HealthAnswer = { code: 200; body: string } | { code: 404 };

/**
 * healthAnswer answers a GET on path (no trailing slash, no query) with the query's
 * parameters; undefined for a path outside the three endpoints.
 */
export function healthAnswer(path: string, query: URLSearchParams): HealthAnswer | undefined {
  const m = /^\/(healthz|livez|readyz)(?:\/(.+))?$/.exec(path);
  if (!m) return undefined;
  const checks = ENDPOINTS[m[1]!]!;
  if (m[2] !== undefined) return checks.includes(m[2]) ? { code: 200, body: 'ok' } : { code: 404 };
  if (!query.has('verbose')) return { code: 200, body: 'ok' };
  const excluded = new Set(query.getAll('exclude'));
  let out = '';
  for (const check of checks) {
    if (excluded.delete(check)) out += `[+]${check} excluded: ok\n`;
    else out += `[+]${check} ok\n`;
  }
  if (excluded.size) out += `warn: some health checks cannot be excluded: no matches for ${[...excluded].sort().map((e) => JSON.stringify(e)).join(',')}\n`;
  return { code: 200, body: `${out}${m[1]} check passed\n` };
}
