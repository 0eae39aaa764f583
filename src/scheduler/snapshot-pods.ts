/**
 * snapshot-pods: what the scheduler keeps, between passes, of the pods its snapshot holds
 * (bound or nominated), like kube-scheduler's cache fed by its pod informer. Each pass builds
 * a fresh snapshot; the pods come from the store's names and resourceVersions, and only those
 * changed since the last pass are decoded. At 30 000 pods, decoding all of them for every
 * pass that schedules was an eighth of a tick. The memory is this process's and holds for one
 * history epoch (a rolled-back write may have undone a resourceVersion).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { isCorruptObjectError } from '../apiserver/errors';

interface Entry { resourceVersion: string; slim: KubeObject | undefined }

/** SnapshotPods lists the slim copies of the pods keep accepts, in list order. */
export class SnapshotPods {
  private byKey = new Map<string, Entry>();
  private epoch: number | undefined;

  /** keep says whether a pod takes part in the snapshot; slim is what is kept of one that does. */
  constructor(private readonly keep: (p: KubeObject) => boolean, private readonly slim: (p: KubeObject) => KubeObject) {}

  list(api: ApiClient): KubeObject[] {
    const epoch = api.historyEpoch();
    if (epoch !== this.epoch) { this.byKey.clear(); this.epoch = epoch; }
    const now = new Map<string, Entry>();
    const out: KubeObject[] = [];
    for (const v of api.versions('Pod')) {
      const key = `${v.namespace}/${v.name}`;
      let entry = this.byKey.get(key);
      if (entry?.resourceVersion !== v.resourceVersion) {
        let pod: KubeObject | undefined;
        try {
          pod = api.tryGet({ kind: 'Pod', namespace: v.namespace, name: v.name });
        } catch (e) {
          if (isCorruptObjectError(e)) continue; // a list passes over it too
          throw e;
        }
        if (!pod) continue;
        entry = { resourceVersion: pod.metadata.resourceVersion!, slim: this.keep(pod) ? this.slim(pod) : undefined };
      }
      now.set(key, entry);
      if (entry.slim) out.push(entry.slim);
    }
    this.byKey = now;
    return out;
  }
}
