/**
 * serviceaccount-token: kube-controller-manager's token controller for legacy token Secrets —
 * a Secret of type kubernetes.io/service-account-token annotated with its ServiceAccount's name
 * gets data.token (a non-expiring token signed with the service-account key), ca.crt and
 * namespace, and the account's uid annotation. A token Secret whose account does not exist (or
 * is another account of the same name: the uid annotation differs) is deleted, as is every
 * token Secret of an account that is deleted. Mirrors kubernetes
 * pkg/controller/serviceaccount/tokens_controller.go (syncSecret, syncServiceAccount).
 */
import type { KubeObject } from '../../api/meta';
import type { Secret } from '../../api/types/kinds';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';
import { isConflict, isNotFound } from '../../apiserver/errors';

export const NAME = 'tokens-controller';
export const SERVICE_ACCOUNT_TOKEN_TYPE = 'kubernetes.io/service-account-token';
export const SA_NAME_ANNOTATION = 'kubernetes.io/service-account.name';
export const SA_UID_ANNOTATION = 'kubernetes.io/service-account.uid';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** tokensController fills legacy service-account token Secrets. */
export const tokensController: Controller = {
  name: NAME,
  for: 'Secret',
  accepts: (o: KubeObject) => (o as Secret).type === SERVICE_ACCOUNT_TOKEN_TYPE,
  watches: [{
    kind: 'ServiceAccount',
    // An account made or deleted: its token Secrets are filled, or deleted with it.
    map: (sa, ctx) => ctx.api.list({ kind: 'Secret', namespace: sa.metadata.namespace })
      .filter((s) => s.type === SERVICE_ACCOUNT_TOKEN_TYPE && s.metadata.annotations?.[SA_NAME_ANNOTATION] === sa.metadata.name)
      .map((s) => ({ namespace: s.metadata.namespace, name: s.metadata.name! })),
  }],
  reconcile(req: Request, ctx: ReconcileContext): void {
    const secret = ctx.api.tryGet({ kind: 'Secret', namespace: req.namespace, name: req.name });
    if (!secret || secret.type !== SERVICE_ACCOUNT_TOKEN_TYPE || secret.metadata.deletionTimestamp) return;
    const saName = secret.metadata.annotations?.[SA_NAME_ANNOTATION];
    if (!saName) return;
    const sa = ctx.api.tryGet({ kind: 'ServiceAccount', namespace: req.namespace, name: saName });
    const saUID = secret.metadata.annotations?.[SA_UID_ANNOTATION];
    if (!sa || (saUID && sa.metadata.uid !== saUID)) {
      // "Service account does not exist, deleting token": the Secret as read, or none.
      try {
        ctx.api.delete({ kind: 'Secret', namespace: req.namespace, name: req.name }, { fieldManager: NAME, preconditionResourceVersion: secret.metadata.resourceVersion });
      } catch (e) { if (!isNotFound(e) && !isConflict(e)) throw e; }
      return;
    }
    if (secret.data?.token) return;
    const ns = req.namespace!;
    const token = ctx.api.legacyServiceAccountToken(ns, { name: saName, uid: sa.metadata.uid! }, req.name);
    ctx.api.update({
      ...secret,
      metadata: { ...secret.metadata, annotations: { ...secret.metadata.annotations, [SA_UID_ANNOTATION]: sa.metadata.uid! } },
      data: { ...secret.data, 'ca.crt': b64(ctx.api.certificateAuthority().certPem), namespace: b64(ns), token: b64(token) },
    }, { fieldManager: NAME });
  },
};
