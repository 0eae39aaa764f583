/**
 * namespace: empties a Terminating namespace — deletes everything in it, waits for the
 * pods to finish terminating — then finalizes it so the API server removes it.
 * Mirrors kubernetes pkg/controller/namespace/deletion/namespaced_resources_deleter.go.
 */
import type { KubeObject } from '../../api/meta';
import type { Registry } from '../../api/registry';
import { isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'namespace-controller';

// Maps an object in a Terminating namespace to that namespace.
function inTerminatingNamespace(obj: KubeObject, ctx: ReconcileContext): Request[] {
  return ctx.api.tryGet({ kind: 'Namespace', name: obj.metadata.namespace! })?.metadata.deletionTimestamp ? [{ name: obj.metadata.namespace! }] : [];
}

/** newNamespaceController needs the registry to know every namespaced resource. */
export function newNamespaceController(registry: () => Registry): Controller {
  return {
    name: NAME,
    for: 'Namespace',
    accepts: (ns) => !!ns.metadata.deletionTimestamp,
    // A terminating pod's removal is what usually lets a namespace finish; a claim kept by
    // pvc-protection goes right after its last pod, in the same settle.
    watches: ['Pod', 'PersistentVolumeClaim'].map((kind) => ({ kind, map: inTerminatingNamespace })),
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const ns = ctx.api.tryGet({ kind: 'Namespace', name: req.name });
      if (!ns?.metadata.deletionTimestamp) return;
      const kinds = new Set(registry().resources.filter((r) => r.namespaced && r.verbs.includes('delete')).map((r) => r.storageKind));
      for (const kind of kinds) {
        for (const obj of ctx.api.list({ kind, namespace: req.name })) {
          if (obj.metadata.deletionTimestamp) continue;
          try {
            ctx.api.delete({ kind, namespace: req.name, name: obj.metadata.name! }, { fieldManager: NAME, propagationPolicy: 'Background' });
          } catch (e) {
            if (!isNotFound(e)) throw e;
          }
        }
      }
      const left = [...kinds].reduce((n, kind) => n + ctx.api.list({ kind, namespace: req.name }).length, 0);
      // Objects held by finalizers other than pods' grace periods: look again later, as the real controller requeues.
      if (left) return { requeueAfterMs: 5000, lazy: true };
      const fresh = structuredClone(ctx.api.get({ kind: 'Namespace', name: req.name }));
      if (fresh.spec?.finalizers?.length) {
        fresh.spec.finalizers = [];
        ctx.api.update(fresh, { fieldManager: NAME });
      }
      ctx.api.delete({ kind: 'Namespace', name: req.name }, { fieldManager: NAME });
    },
  };
}
