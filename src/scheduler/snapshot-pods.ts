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

/** SCAN_SHARE: past one changed pod in this many, the pods are read in one scan, not by key. */
const SCAN_SHARE = 4;

/** SnapshotPods lists the slim copies of the pods keep accepts, in list order. */
export class SnapshotPods {
  private byKey = new Map<string, Entry>();
  private epoch: number | undefined;

  /** keep says whether a pod takes part in the snapshot; slim is what is kept of one that does. */
  constructor(private readonly keep: (p: KubeObject) => boolean, private readonly slim: (p: KubeObject) => KubeObject) {}

  list(api: ApiClient): KubeObject[] {
    const epoch = api.historyEpoch();
    if (epoch !== this.epoch) { this.byKey.clear(); this.epoch = epoch; }
    const versions = api.versions('Pod');
    let changed = 0;
    for (const v of versions) if (this.byKey.get(`${v.namespace}/${v.name}`)?.resourceVersion !== v.resourceVersion) changed++;
    const now = new Map<string, Entry>();
    const out: KubeObject[] = [];
    const take = (key: string, entry: Entry) => {
      now.set(key, entry);
      if (entry.slim) out.push(entry.slim);
    };
    if (changed > versions.length / SCAN_SHARE) {
      // Most pods are new to this process (its first pass): one scan reads them for less than a
      // read by key each. It visits what versions() named, in the same order.
      api.each({ kind: 'Pod' }, (pod) => {
        const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
        const entry = this.byKey.get(key);
        take(key, entry && entry.resourceVersion === pod.metadata.resourceVersion ? entry : this.entryOf(pod));
      });
    } else {
      for (const v of versions) {
        const key = `${v.namespace}/${v.name}`;
        const entry = this.byKey.get(key);
        if (entry?.resourceVersion === v.resourceVersion) { take(key, entry); continue; }
        let pod: KubeObject | undefined;
        try {
          pod = api.tryGet({ kind: 'Pod', namespace: v.namespace, name: v.name });
        } catch (e) {
          if (isCorruptObjectError(e)) continue; // a list passes over it too
          throw e;
        }
        if (pod) take(key, this.entryOf(pod));
      }
    }
    this.byKey = now;
    return out;
  }

  private entryOf(pod: KubeObject): Entry {
    return { resourceVersion: pod.metadata.resourceVersion!, slim: this.keep(pod) ? this.slim(pod) : undefined };
  }
}
