/**
 * snapshot-pods: what the scheduler keeps, between passes, of the pods its snapshot holds
 * (bound or nominated), like kube-scheduler's cache fed by its pod informer. Each pass builds
 * a fresh snapshot; the pods come from the store's names and resourceVersions, and only those
 * changed since the last pass are decoded. At 30 000 pods, decoding all of them for every
 * pass that schedules was an eighth of a tick. Pending pods the scheduler decoded anyway (to
 * queue them) are noted, so a command's first snapshot reads only the bound ones: a big
 * cluster's pending pods were decoded three times a command. The memory is this process's and
 * holds for one history epoch (a rolled-back write may have undone a resourceVersion).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { isCorruptObjectError } from '../apiserver/errors';
import { SCHEDULED, UNSCHEDULED } from './event-handlers';

interface Entry { resourceVersion: string; slim: KubeObject | undefined }

/** SCAN_SHARE: past one changed pod in this many, the pods are read in one scan, not by key. */
const SCAN_SHARE = 4;

/** SnapshotPods lists the slim copies of the pods keep accepts, in list order. */
export class SnapshotPods {
  private byKey = new Map<string, Entry>();
  private epoch: number | undefined;

  /** keep says whether a pod takes part in the snapshot; slim is what is kept of one that does. */
  constructor(private readonly keep: (p: KubeObject) => boolean, private readonly slim: (p: KubeObject) => KubeObject) {}

  /**
   * note records a pod read elsewhere in this process (a pending one the queue took), so no list
   * reads it again. It asks the API only for its history epoch: a visit of `each` may call it.
   */
  note(api: ApiClient, pod: KubeObject): void {
    this.checkEpoch(api);
    this.byKey.set(`${pod.metadata.namespace}/${pod.metadata.name}`, this.entryOf(pod));
  }

  /** noteUnkept records a pod version known to be neither bound nor nominated (a handed-over pending pod). */
  noteUnkept(api: ApiClient, key: string, resourceVersion: string): void {
    this.checkEpoch(api);
    this.byKey.set(key, { resourceVersion, slim: undefined });
  }

  list(api: ApiClient): KubeObject[] {
    this.checkEpoch(api);
    const versions = api.versions('Pod');
    const unknown = new Set<string>();
    for (const v of versions) {
      const key = `${v.namespace}/${v.name}`;
      if (this.byKey.get(key)?.resourceVersion !== v.resourceVersion) unknown.add(key);
    }
    // Many unknown pods (a process's first pass) are read in scans, for less than a read by key
    // each: the scheduled ones, then the unscheduled ones if the queue has not noted most of them.
    const scanned = new Map<string, Entry>();
    const scan = (fieldSelector: string) => api.each({ kind: 'Pod', fieldSelector }, (pod) => {
      const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
      if (unknown.delete(key)) scanned.set(key, this.entryOf(pod));
    });
    if (unknown.size > versions.length / SCAN_SHARE) scan(SCHEDULED);
    if (unknown.size > versions.length / SCAN_SHARE) scan(UNSCHEDULED);
    const now = new Map<string, Entry>();
    const out: KubeObject[] = [];
    for (const v of versions) {
      const key = `${v.namespace}/${v.name}`;
      let entry: Entry | undefined;
      if (unknown.has(key)) {
        let pod: KubeObject | undefined;
        try {
          pod = api.tryGet({ kind: 'Pod', namespace: v.namespace, name: v.name });
        } catch (e) {
          if (isCorruptObjectError(e)) continue; // a list passes over it too
          throw e;
        }
        if (!pod) continue;
        entry = this.entryOf(pod);
      } else {
        entry = (scanned.get(key) ?? this.byKey.get(key))!;
      }
      now.set(key, entry);
      if (entry.slim) out.push(entry.slim);
    }
    this.byKey = now;
    return out;
  }

  private checkEpoch(api: ApiClient): void {
    const epoch = api.historyEpoch();
    if (epoch !== this.epoch) { this.byKey.clear(); this.epoch = epoch; }
  }

  private entryOf(pod: KubeObject): Entry {
    return { resourceVersion: pod.metadata.resourceVersion!, slim: this.keep(pod) ? this.slim(pod) : undefined };
  }
}
