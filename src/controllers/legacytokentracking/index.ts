/**
 * legacytokentracking: kube-apiserver's legacy service-account token tracking controller
 * (pkg/controlplane/controller/legacytokentracking): the ConfigMap
 * kube-apiserver-legacy-service-account-token-tracking in kube-system records since when the API
 * server has tracked the use of Secret-based service-account tokens, as a UTC date
 * ("2006-01-02"). Deleted, or holding a date that does not parse, it is written again with today's.
 */
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'legacy-service-account-token-tracking-controller';
export const CONFIGMAP_NAME = 'kube-apiserver-legacy-service-account-token-tracking';
const KEY = { namespace: 'kube-system', name: CONFIGMAP_NAME };

/** isDate is time.Parse("2006-01-02", s) succeeding. */
function isDate(s: string | undefined): boolean {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const legacyTokenTrackingController: Controller = {
  name: NAME,
  for: 'ConfigMap',
  accepts: (cm) => cm.metadata.namespace === KEY.namespace && cm.metadata.name === KEY.name,
  reconcile(_req: Request, ctx: ReconcileContext): void {
    const cm = ctx.api.tryGet({ kind: 'ConfigMap', ...KEY });
    const today = ctx.clock.nowISO().slice(0, 10);
    if (!cm) ctx.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { ...KEY }, data: { since: today } }, { fieldManager: 'kube-apiserver' });
    else if (!cm.metadata.deletionTimestamp && !isDate(cm.data?.since)) ctx.api.update({ ...cm, data: { ...cm.data, since: today } }, { fieldManager: 'kube-apiserver' });
  },
};
