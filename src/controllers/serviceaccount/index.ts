/**
 * serviceaccount: every active namespace has a "default" ServiceAccount.
 * Mirrors kubernetes pkg/controller/serviceaccount/serviceaccounts_controller.go.
 */
import { isAlreadyExists } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'service-account-controller';
export const DEFAULT_SERVICE_ACCOUNT = 'default';

/** serviceAccountController creates missing default ServiceAccounts. */
export const serviceAccountController: Controller = {
  name: NAME,
  for: 'Namespace',
  watches: [{ kind: 'ServiceAccount', map: (sa) => (sa.metadata.name === DEFAULT_SERVICE_ACCOUNT ? [{ name: sa.metadata.namespace! }] : []) }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const ns = ctx.api.tryGet({ kind: 'Namespace', name: req.name });
    if (!ns || ns.metadata.deletionTimestamp) return;
    if (ctx.api.tryGet({ kind: 'ServiceAccount', namespace: req.name, name: DEFAULT_SERVICE_ACCOUNT })) return;
    try {
      ctx.api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: DEFAULT_SERVICE_ACCOUNT, namespace: req.name } }, { fieldManager: NAME });
    } catch (e) {
      if (!isAlreadyExists(e)) throw e;
    }
  },
};
