/**
 * clusterauthenticationtrust: kube-apiserver's cluster authentication trust controller
 * (pkg/controlplane/controller/clusterauthenticationtrust): the ConfigMap
 * extension-apiserver-authentication in kube-system tells aggregated API servers which client CA
 * and which request-header CA and headers kube-apiserver trusts. It is written from kubeadm's
 * flags (--client-ca-file, --requestheader-*), keeping what it already holds, and made again when
 * deleted. kubemu: the request-header values are kubeadm's; a certificate bundle is kept whole.
 */
import { deepEqual } from '../../api/deep-equal';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'cluster-authentication-trust-controller';
const KEY = { namespace: 'kube-system', name: 'extension-apiserver-authentication' };
/** REQUIRED_HEADERS: kubeadm's --requestheader-* flags; it sets no UID headers, and their key is written empty. */
const REQUIRED_HEADERS: Record<string, string[]> = {
  'requestheader-allowed-names': ['front-proxy-client'],
  'requestheader-extra-headers-prefix': ['X-Remote-Extra-'],
  'requestheader-group-headers': ['X-Remote-Group'],
  'requestheader-uid-headers': [],
  'requestheader-username-headers': ['X-Remote-User'],
};

/** combined is combineUniqueStringSlices: what the ConfigMap holds, then what is required, each once. */
function combined(existing: string | undefined, required: readonly string[]): string {
  let held: unknown = [];
  try { held = existing ? JSON.parse(existing) : []; } catch { held = []; }
  const values = [...(Array.isArray(held) ? held.filter((v): v is string => typeof v === 'string') : []), ...required];
  return JSON.stringify([...new Set(values)]);
}

/** combinedBundle keeps the PEM certificates a bundle holds and adds the required one if it is not among them. */
function combinedBundle(existing: string | undefined, required: string): string {
  const certs = (existing ?? '').match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----\n?/g) ?? [];
  const normalised = certs.map((c) => (c.endsWith('\n') ? c : `${c}\n`));
  return normalised.includes(required) ? normalised.join('') : [...normalised, required].join('');
}

/** authenticationData is getConfigMapDataFor of the combined information (keys as Go's map orders them). */
export function authenticationData(existing: Record<string, string> | undefined, clientCA: string, requestHeaderCA: string): Record<string, string> {
  const data: Record<string, string> = {
    'client-ca-file': combinedBundle(existing?.['client-ca-file'], clientCA),
    'requestheader-client-ca-file': combinedBundle(existing?.['requestheader-client-ca-file'], requestHeaderCA),
  };
  for (const [key, required] of Object.entries(REQUIRED_HEADERS)) data[key] = combined(existing?.[key], required);
  return Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k]!]));
}

export const clusterAuthenticationTrustController: Controller = {
  name: NAME,
  for: 'ConfigMap',
  accepts: (cm) => cm.metadata.namespace === KEY.namespace && cm.metadata.name === KEY.name,
  reconcile(_req: Request, ctx: ReconcileContext): void {
    const cm = ctx.api.tryGet({ kind: 'ConfigMap', ...KEY });
    const data = authenticationData(cm?.data, ctx.api.certificateAuthority().certPem, ctx.api.requestHeaderCA().certPem);
    if (!cm) ctx.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { ...KEY }, data }, { fieldManager: 'kube-apiserver' });
    else if (!cm.metadata.deletionTimestamp && !deepEqual(cm.data, data)) ctx.api.update({ ...cm, data }, { fieldManager: 'kube-apiserver' });
  },
};
