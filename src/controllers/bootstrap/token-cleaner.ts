/**
 * token-cleaner: kube-controller-manager's tokencleaner (pkg/controller/bootstrap/tokencleaner.go),
 * which kubeadm turns on: a bootstrap token Secret is deleted once its expiration has passed,
 * and revisited when it will have.
 */
import { expiredAt, isBootstrapTokenSecret, parseRFC3339, secretData } from '../../api/bootstrap-token';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'token-cleaner';

export const tokenCleaner: Controller = {
  name: NAME,
  for: 'Secret',
  accepts: (obj) => isBootstrapTokenSecret(obj),
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const secret = ctx.api.tryGet({ kind: 'Secret', namespace: req.namespace, name: req.name });
    if (!secret || !isBootstrapTokenSecret(secret) || secret.metadata.deletionTimestamp) return;
    const now = ctx.clock.nowMs();
    if (!expiredAt(secret, now)) {
      const at = parseRFC3339(secretData(secret, 'expiration'));
      return at === undefined ? undefined : { requeueAfterMs: at - now };
    }
    ctx.api.delete({ kind: 'Secret', namespace: req.namespace, name: req.name }, { fieldManager: NAME });
  },
};
