/**
 * snapshot-pods: what the scheduler keeps, between passes, of the pods its snapshot holds
 * (bound or nominated), like kube-scheduler's cache fed by its pod informer. Each pass builds
 * a fresh snapshot; the pods come from the store's names and resourceVersions, and only those
 * changed since the last pass are decoded. At 30 000 pods, decoding all of them for every
 * pass that schedules was an eighth of a tick. Pending pods the scheduler decoded anyway (to
 * queue them) are noted, so a command's first snapshot reads only the bound ones: a big
 * cluster's pending pods were decoded three times a command. The memory is this process's and
 * holds for one history epoch (a rolled-back write may have undone a resourceVersion).
 *
 * A command that stops early hands the kept copies to the next one (handOver/takeOver, through
 * the runtime's memo), so the next command reads only the pods changed since: at 30 000 pods the
 * scan of the bound ones was a tenth of a tick. Copies of one template (a ReplicaSet's pods)
 * differ in a few fields, so the memo holds each shared part once (SlimParts), ~140 bytes a pod.
 */
import type { KubeObject } from '../api/meta';
import { fnv32a } from '../api/fnv32a';
import type { ApiClient } from '../apiserver/client';
import { isCorruptObjectError } from '../apiserver/errors';
import { SCHEDULED, UNSCHEDULED } from './event-handlers';

interface Entry { resourceVersion: string; slim: KubeObject | undefined }

/**
 * SlimParts splits a slim copy into the part its template's copies share and its own fields
 * (JSON), and joins them again into an equal copy, sharing the part with the others joined from it.
 */
export interface SlimParts {
  split(slim: KubeObject): { shared: unknown; own: unknown[] };
  join(shared: unknown, own: unknown[], namespace: string, name: string): KubeObject;
}

/**
 * Memo is the hand-over: the copies' shape (a hash of the code that makes and joins them: a
 * kubemu whose copies hold other fields ignores the memo), the shared parts, and each kept pod's
 * [key, resourceVersion, shared part's index, own fields].
 */
interface Memo { shape: string; shared: unknown[]; pods: [string, string, number, unknown[]][] }

/** SCAN_SHARE: past one changed pod in this many, the pods are read in one scan, not by key. */
const SCAN_SHARE = 4;

/** SnapshotPods lists the slim copies of the pods keep accepts, in list order. */
export class SnapshotPods {
  private byKey = new Map<string, Entry>();
  private epoch: number | undefined;
  /** taken: the entries an earlier command handed over, held until this process's first read sets the epoch. */
  private taken: Map<string, Entry> | undefined;
  /** sharedJson remembers, for a copy joined from the memo, its shared part's JSON (no need to render it again). */
  private sharedJson = new WeakMap<KubeObject, string>();

  /**
   * keep says whether a pod takes part in the snapshot; slim is what is kept of one that does;
   * parts, when given, lets the copies be handed over.
   */
  constructor(private readonly keep: (p: KubeObject) => boolean, private readonly slim: (p: KubeObject) => KubeObject, private readonly parts?: SlimParts) {}

  /** handOver is the memo of the kept copies (undefined: none, or no parts to split them with). */
  handOver(): Memo | undefined {
    if (!this.parts) return undefined;
    const index = new Map<string, number>();
    const memo: Memo = { shape: this.shape(), shared: [], pods: [] };
    for (const [key, e] of this.taken ?? this.byKey) {
      if (!e.slim) continue;
      const { shared, own } = this.parts.split(e.slim);
      const json = this.sharedJson.get(e.slim) ?? JSON.stringify(shared);
      let i = index.get(json);
      if (i === undefined) { index.set(json, i = memo.shared.length); memo.shared.push(shared); }
      memo.pods.push([key, e.resourceVersion, i, own]);
    }
    return memo.pods.length ? memo : undefined;
  }

  /**
   * takeOver holds the copies an earlier command handed over (anything else than a memo holds
   * nothing). Once this process has read, what it holds is as new as any memo: it is kept.
   */
  takeOver(memo: unknown): void {
    if (this.epoch !== undefined) return;
    this.taken = undefined;
    const m = memo as Partial<Memo> | undefined;
    if (!this.parts || !m || m.shape !== this.shape() || !Array.isArray(m.shared) || !Array.isArray(m.pods)) return;
    const taken = new Map<string, Entry>();
    const jsons = m.shared.map((part) => JSON.stringify(part));
    for (const e of m.pods) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[1] !== 'string' || typeof e[2] !== 'number' || !Array.isArray(e[3])) continue;
      const [key, resourceVersion, i, own] = e;
      const slash = key.indexOf('/');
      if (slash < 0 || !(i >= 0 && i < m.shared.length)) continue;
      const slim = this.parts.join(m.shared[i], own, key.slice(0, slash), key.slice(slash + 1));
      this.sharedJson.set(slim, jsons[i]!);
      taken.set(key, { resourceVersion, slim });
    }
    this.taken = taken;
  }

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

  /** shape hashes the code that makes and joins the copies (see Memo). */
  private shape(): string {
    return String(fnv32a([this.slim, this.parts?.split, this.parts?.join].map(String).join('\n')));
  }

  private checkEpoch(api: ApiClient): void {
    const epoch = api.historyEpoch();
    if (epoch === this.epoch) return;
    // The first read of a process adopts what was handed over: a committed resourceVersion names
    // one stored version, so an entry stands as long as its pod's version is the same.
    this.byKey = this.epoch === undefined && this.taken ? this.taken : new Map();
    this.taken = undefined;
    this.epoch = epoch;
  }

  private entryOf(pod: KubeObject): Entry {
    return { resourceVersion: pod.metadata.resourceVersion!, slim: this.keep(pod) ? this.slim(pod) : undefined };
  }
}
