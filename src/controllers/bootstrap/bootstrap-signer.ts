/**
 * bootstrap-signer: kube-controller-manager's bootstrapsigner (pkg/controller/bootstrap/
 * bootstrapsigner.go), which kubeadm turns on: the cluster-info ConfigMap in kube-public carries
 * one detached JWS of its kubeconfig per bootstrap token that may sign (usage-bootstrap-signing,
 * unexpired), `jws-kubeconfig-<token-id>`, which a joining node checks the ConfigMap against.
 * Signatures of tokens gone or expired are removed.
 */
import type { KubeObject } from '../../api/meta';
import { deepEqual } from '../../api/deep-equal';
import { expiredAt, isBootstrapTokenSecret, parseRFC3339, secretData, secretNameOf } from '../../api/bootstrap-token';
import type { Secret } from '../../api/types/kinds';
import type { Controller, ReconcileContext, Result } from '../../sim/controller';

export const NAME = 'bootstrap-signer';
const CLUSTER_INFO = { namespace: 'kube-public', name: 'cluster-info' };
const SIGNATURE_PREFIX = 'jws-kubeconfig-';

/** signingToken is validateSecretForSigning: the token's id and secret, if it may sign now. */
function signingToken(secret: Secret, nowMs: number): { id: string; secret: string } | undefined {
  const id = secretData(secret, 'token-id');
  const tokenSecret = secretData(secret, 'token-secret');
  if (!id || secret.metadata.name !== secretNameOf(id) || !tokenSecret) return undefined;
  if (expiredAt(secret, nowMs) || secretData(secret, 'usage-bootstrap-signing') !== 'true') return undefined;
  return { id, secret: tokenSecret };
}

/** detachedSignature is jws.ComputeDetachedSignature: HS256 keyed by the token secret, the payload left out. */
export function detachedSignature(content: string, tokenId: string, tokenSecret: string): string {
  const crypto = require('node:crypto') as typeof import('node:crypto');
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', kid: tokenId })).toString('base64url');
  const payload = Buffer.from(content).toString('base64url');
  const signature = crypto.createHmac('sha256', tokenSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}..${signature}`;
}

const isClusterInfo = (o: KubeObject) => o.metadata.namespace === CLUSTER_INFO.namespace && o.metadata.name === CLUSTER_INFO.name;

export const bootstrapSigner: Controller = {
  name: NAME,
  for: 'ConfigMap',
  accepts: isClusterInfo,
  watches: [{ kind: 'Secret', map: (secret) => (isBootstrapTokenSecret(secret) ? [CLUSTER_INFO] : []) }],
  reconcile(_req, ctx: ReconcileContext): Result | void {
    const cm = ctx.api.tryGet({ kind: 'ConfigMap', ...CLUSTER_INFO });
    const content: unknown = cm?.data?.kubeconfig;
    if (!cm || cm.metadata.deletionTimestamp || typeof content !== 'string') return;
    const now = ctx.clock.nowMs();
    const data: Record<string, string> = Object.fromEntries(Object.entries(cm.data ?? {}).filter(([k]) => !k.startsWith(SIGNATURE_PREFIX)));
    let nextExpiry = Infinity;
    const secrets = ctx.api.list({ kind: 'Secret', namespace: 'kube-system' }).filter(isBootstrapTokenSecret);
    for (const secret of secrets) {
      const token = signingToken(secret, now);
      if (!token) continue;
      data[`${SIGNATURE_PREFIX}${token.id}`] = detachedSignature(content, token.id, token.secret);
      nextExpiry = Math.min(nextExpiry, parseRFC3339(secretData(secret, 'expiration')) ?? Infinity);
    }
    const sorted = Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k]!]));
    if (!deepEqual(sorted, cm.data)) ctx.api.update({ ...cm, data: sorted }, { fieldManager: NAME });
    // The token cleaner deletes an expired token; the signature goes at the same instant without it.
    if (nextExpiry !== Infinity) return { requeueAfterMs: nextExpiry - now };
  },
};
