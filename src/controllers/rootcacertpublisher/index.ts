/**
 * rootcacertpublisher: every active namespace has the kube-root-ca.crt ConfigMap with the
 * cluster's CA certificate (the seed-derived CA that signs client certificates), put back when
 * its data is changed. Mirrors kubernetes pkg/controller/certificates/rootcacertpublisher.
 */
import { isAlreadyExists } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'root-ca-cert-publisher';
export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';


/** rootCACertPublisher creates missing kube-root-ca.crt ConfigMaps. */
export const rootCACertPublisher: Controller = {
  name: NAME,
  for: 'Namespace',
  watches: [{ kind: 'ConfigMap', map: (cm) => (cm.metadata.name === ROOT_CA_CONFIGMAP ? [{ name: cm.metadata.namespace! }] : []) }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const ns = ctx.api.tryGet({ kind: 'Namespace', name: req.name });
    if (!ns || ns.metadata.deletionTimestamp) return;
    const data = { 'ca.crt': ctx.api.certificateAuthority().certPem };
    const cm = ctx.api.tryGet({ kind: 'ConfigMap', namespace: req.name, name: ROOT_CA_CONFIGMAP });
    if (cm) {
      if (cm.data?.['ca.crt'] === data['ca.crt'] && Object.keys(cm.data).length === 1) return;
      ctx.api.update({ ...cm, data }, { fieldManager: NAME });
      return;
    }
    try {
      ctx.api.create({
        apiVersion: 'v1', kind: 'ConfigMap',
        metadata: { name: ROOT_CA_CONFIGMAP, namespace: req.name, annotations: { 'kubernetes.io/description': 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.' } },
        data,
      }, { fieldManager: NAME });
    } catch (e) {
      if (!isAlreadyExists(e)) throw e;
    }
  },
};
