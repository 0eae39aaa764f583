/**
 * snapshot-pods: what the scheduler keeps, between passes, of the pods its snapshot holds
 * (bound or nominated), like kube-scheduler's cache fed by its pod informer. Each pass builds
 * a fresh snapshot; the pods come from what the last pass held and the change log since (a
 * watch from the revision it read at), so only the pods changed since are decoded. The pod
 * versions the scheduler has decoded anyway (a watched change, a pending pod read to queue it)
 * are noted, so a pass reads none of them again: a big cluster's pending pods were decoded
 * three times a command, and each bound pod's change once more. The memory is this
 * process's and holds for one history epoch (a rolled-back write may have undone a
 * resourceVersion). With nothing held, or a log compacted past what is held, the pods are
 * listed: their names and resourceVersions, and only those unknown are decoded.
 *
 * A command hands the kept copies to the next one (handOver/takeOver, through the runtime's
 * memo), with the revision they were read at, so the next command reads only the pods changed
 * since: at 30 000 pods the scan of the bound ones was a tenth of a tick, and at 150 000
 * listing every pod's version was a tenth of the scheduler's pass; at 3 000 pods, listing and
 * decoding them was 40% of applying one Deployment. Copies of one template (a ReplicaSet's
 * pods) differ in a few fields, so the memo holds each shared part once (SlimParts), ~140
 * bytes a pod. A command that stops early hands over what it holds; one that settles keeps
 * the memo it was handed while the pods changed since are few (each command reads them again),
 * and writes a new one past that, so a command that schedules three pods does not rewrite the
 * copies of thirty thousand.
 */
import type { KubeObject } from '../api/meta';
import { fnv32a } from '../api/fnv32a';
import type { ApiClient, ChangedObject } from '../apiserver/client';
import { isCorruptObjectError } from '../apiserver/errors';
import { SCHEDULED, UNSCHEDULED } from './event-handlers';

interface Entry { resourceVersion: string; slim: KubeObject | undefined }

/** Held is what is known of the pods: entries by key, and the kept ones' keys in list order as of a revision. */
interface Held { byKey: Map<string, Entry>; order: string[] | undefined; synced: number | undefined }

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
 * kubemu whose copies hold other fields ignores the memo), the revision the copies were read at
 * (absent: they stand only as long as each pod's resourceVersion), the shared parts, and each
 * kept pod's [key, resourceVersion, shared part's index, own fields], in list order.
 */
interface Memo { shape: string; revision?: number; shared: unknown[]; pods: [string, string, number, unknown[]][] }

/** SCAN_SHARE: past one changed pod in this many, the pods are read in one scan, not by key. */
const SCAN_SHARE = 4;

/**
 * A settled command keeps the memo it was handed until the pods changed since it outnumber
 * REFRESH_MIN and one held pod in REFRESH_SHARE: reading a changed pod again costs about what
 * writing ~16 pods' copies into a new memo does.
 */
const REFRESH_MIN = 32;
const REFRESH_SHARE = 16;

/** SnapshotPods lists the slim copies of the pods keep accepts, in list order. */
export class SnapshotPods {
  private byKey = new Map<string, Entry>();
  /** order holds the kept pods' keys in list order (namespace, then name), as of revision synced. */
  private order: string[] = [];
  /** listed is the keys in order. */
  private listed = new Set<string>();
  /** unlisted: kept pods noted since the last list that order does not hold yet (handOver adds them). */
  private unlisted = new Set<string>();
  /** synced is the store revision the last list read at; undefined: nothing listed in this epoch. */
  private synced: number | undefined;
  private epoch: number | undefined;
  /** api is the one the last read went through: handOver asks it for the epoch. */
  private api: ApiClient | undefined;
  /** taken: what an earlier command handed over, held until this process's first read sets the epoch. */
  private taken: Held | undefined;
  /** deferred reads what an earlier command handed over, at this process's first read (takeOverWhenRead). */
  private deferred: (() => unknown) | undefined;
  /** early: the notes taken before that first read, in the history epoch they were read in. */
  private early: { epoch: number; notes: Map<string, Entry> } | undefined;
  /**
   * adopted: the revision of the memo this process's first read adopted (or it handed over
   * since), while every list has followed the change log from it; followed counts the changed
   * pods those lists read, at least what the next command would read again.
   */
  private adopted: number | undefined;
  private followed = 0;
  /** sharedJson remembers, for a copy joined from the memo, its shared part's JSON (no need to render it again). */
  private sharedJson = new WeakMap<KubeObject, string>();

  /**
   * keep says whether a pod takes part in the snapshot; slim is what is kept of one that does;
   * parts, when given, lets the copies be handed over.
   */
  constructor(private readonly keep: (p: KubeObject) => boolean, private readonly slim: (p: KubeObject) => KubeObject, private readonly parts?: SlimParts) {}

  /** read says whether this process has read the pods (and so taken over what it was handed). */
  get read(): boolean {
    return this.epoch !== undefined;
  }

  /**
   * memoStands says whether the memo handed to this process may stay as the next command's:
   * never read, or adopted and followed with few pods changed since (each command reads those
   * again). Otherwise a settled command hands over a new one.
   */
  memoStands(): boolean {
    if (this.epoch === undefined) return true;
    return this.adopted !== undefined && this.followed <= Math.max(REFRESH_MIN, this.order.length / REFRESH_SHARE);
  }

  /** handOver is the memo of the kept copies (undefined: none, no parts to split them with, or a write since rolled back). */
  handOver(): Memo | undefined {
    if (!this.parts) return undefined;
    this.takeDeferred();
    // What was read in a rolled-back write is not the store's: hand over nothing.
    if (this.api && this.api.historyEpoch() !== this.epoch) return undefined;
    // Pods noted since the last list go too: the change log since synced names each of them,
    // and the next command keeps a copy whose version is still the stored one.
    const held: Held = this.taken ?? {
      byKey: this.byKey,
      order: this.synced === undefined ? undefined : mergeKeys(this.order, [...this.unlisted].filter((k) => this.byKey.get(k)?.slim).sort(compareKeys)),
      synced: this.synced,
    };
    const index = new Map<string, number>();
    const memo: Memo = { shape: this.shape(), ...(held.order ? { revision: held.synced } : {}), shared: [], pods: [] };
    for (const key of held.order ?? held.byKey.keys()) {
      const e = held.byKey.get(key)!;
      if (!e.slim) continue;
      const { shared, own } = this.parts.split(e.slim);
      const json = this.sharedJson.get(e.slim) ?? JSON.stringify(shared);
      let i = index.get(json);
      if (i === undefined) { index.set(json, i = memo.shared.length); memo.shared.push(shared); }
      memo.pods.push([key, e.resourceVersion, i, own]);
    }
    if (!memo.pods.length) return undefined;
    // What the next reader follows from (a process that goes on, as serve's does, counts again).
    if (this.epoch !== undefined && memo.revision !== undefined) { this.adopted = memo.revision; this.followed = 0; }
    return memo;
  }

  /**
   * takeOver holds the copies an earlier command handed over (anything else than a memo holds
   * nothing; a memo with a malformed entry or out of order holds its copies only as long as
   * each pod's resourceVersion). Once this process has read, what it holds is as new as any
   * memo: it is kept.
   */
  takeOver(memo: unknown): void {
    if (this.epoch !== undefined) return;
    this.taken = undefined;
    this.deferred = undefined;
    const m = memo as Partial<Memo> | undefined;
    if (!this.parts || !m || m.shape !== this.shape() || !Array.isArray(m.shared) || !Array.isArray(m.pods)) return;
    const byKey = new Map<string, Entry>();
    const order: string[] = [];
    let whole = true;
    const jsons = m.shared.map((part) => JSON.stringify(part));
    for (const e of m.pods) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[1] !== 'string' || typeof e[2] !== 'number' || !Array.isArray(e[3])) { whole = false; continue; }
      const [key, resourceVersion, i, own] = e;
      const slash = key.indexOf('/');
      if (slash < 0 || !(i >= 0 && i < m.shared.length)) { whole = false; continue; }
      const slim = this.parts.join(m.shared[i], own, key.slice(0, slash), key.slice(slash + 1));
      this.sharedJson.set(slim, jsons[i]!);
      if (order.length && compareKeys(order[order.length - 1]!, key) >= 0) whole = false;
      byKey.set(key, { resourceVersion, slim });
      order.push(key);
    }
    const synced = whole && Number.isSafeInteger(m.revision) ? m.revision : undefined;
    this.taken = { byKey, order: synced === undefined ? undefined : order, synced };
  }

  /** takeOverWhenRead is takeOver of memo(), called at this process's first read, if there is one. */
  takeOverWhenRead(memo: () => unknown): void {
    if (this.epoch !== undefined) return;
    this.taken = undefined;
    this.deferred = memo;
  }

  /**
   * note records a pod version read elsewhere in this process (a watched change, a pending pod
   * the queue took), so no list reads it again. It asks the API only for its history epoch: a
   * visit of `each` may call it.
   */
  note(api: ApiClient, pod: KubeObject): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    // A watch may show a version older than one a list has read since: the newer one stays.
    if (Number(this.known(api).get(key)?.resourceVersion) > Number(pod.metadata.resourceVersion)) return;
    this.record(key, this.entryOf(pod));
  }

  /** noteUnkept records a pod version known to be neither bound nor nominated (a handed-over pending pod). */
  noteUnkept(api: ApiClient, key: string, resourceVersion: string): void {
    this.known(api);
    this.record(key, { resourceVersion, slim: undefined });
  }

  /**
   * known is what notes go into: before this process's first read, while a memo waits to be
   * taken over, notes of its epoch wait beside it (a watch's notes alone are no reason to decode
   * the memo, MBs at 30 000 pods); else what is held.
   */
  private known(api: ApiClient): Map<string, Entry> {
    if (this.epoch === undefined && this.deferred) {
      this.api = api;
      const epoch = api.historyEpoch();
      if (this.early?.epoch !== epoch) this.early = { epoch, notes: new Map() };
      return this.early.notes;
    }
    this.checkEpoch(api);
    return this.byKey;
  }

  private record(key: string, entry: Entry): void {
    if (this.epoch === undefined && this.early) { this.early.notes.set(key, entry); return; }
    this.byKey.set(key, entry);
    if (entry.slim && !this.listed.has(key)) this.unlisted.add(key);
    else this.unlisted.delete(key);
  }

  list(api: ApiClient): KubeObject[] {
    this.checkEpoch(api);
    const head = api.revision();
    const changed = this.synced !== undefined && this.synced <= head ? api.changedSince('Pod', this.synced) : undefined;
    if (changed) {
      this.follow(api, changed);
      // From the adopted memo's revision, the change log names what the next command reads again.
      if (this.adopted !== undefined) this.followed += changed.length;
    } else {
      this.relist(api);
      this.adopted = undefined;
    }
    this.synced = head;
    this.unlisted.clear();
    return this.order.map((key) => this.byKey.get(key)!.slim!);
  }

  /** follow brings what is held up to date with the pods changed since it was listed. */
  private follow(api: ApiClient, changed: ChangedObject[]): void {
    const added: string[] = [];
    let dropped = false;
    for (const c of changed) {
      const key = `${c.namespace}/${c.name}`;
      const had = this.byKey.get(key);
      let entry: Entry | undefined;
      if (c.deleted) entry = undefined;
      else if (had?.resourceVersion === c.resourceVersion) entry = had; // noted at this version
      else {
        try {
          const pod = api.tryGet({ kind: 'Pod', namespace: c.namespace, name: c.name });
          entry = pod && this.entryOf(pod);
        } catch (e) {
          if (!isCorruptObjectError(e)) throw e; // a list passes over it too
        }
      }
      if (entry) this.byKey.set(key, entry);
      else this.byKey.delete(key);
      if (entry?.slim) {
        if (!this.listed.has(key)) { this.listed.add(key); added.push(key); }
      } else if (this.listed.delete(key)) dropped = true;
    }
    if (dropped) this.order = this.order.filter((key) => this.listed.has(key));
    if (added.length) this.order = mergeKeys(this.order, added.sort(compareKeys));
  }

  /** relist reads every pod's name and resourceVersion, and decodes those unknown or changed. */
  private relist(api: ApiClient): void {
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
    const order: string[] = [];
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
      if (entry.slim) order.push(key);
    }
    this.byKey = now;
    this.order = order;
    this.listed = new Set(order);
  }

  /** shape hashes the code that makes and joins the copies (see Memo). */
  private shape(): string {
    return String(fnv32a([this.slim, this.parts?.split, this.parts?.join].map(String).join('\n')));
  }

  private checkEpoch(api: ApiClient): void {
    this.api = api;
    const epoch = api.historyEpoch();
    if (epoch === this.epoch) return;
    this.takeDeferred();
    // The first read of a process adopts what was handed over: a committed resourceVersion names
    // one stored version, so an entry stands as long as its pod's version is the same, and the
    // change log since the memo's revision names every pod whose version moved.
    const held = this.epoch === undefined ? this.taken : undefined;
    this.byKey = held?.byKey ?? new Map();
    this.order = held?.order ?? [];
    this.listed = new Set(this.order);
    this.unlisted.clear();
    this.synced = held?.order ? held.synced : undefined;
    this.adopted = this.synced;
    this.followed = 0;
    this.taken = undefined;
    this.epoch = epoch;
    // Notes taken meanwhile are newer than the memo's copies, if no write has rolled back since.
    const early = this.early;
    this.early = undefined;
    if (early?.epoch === epoch) {
      for (const [key, entry] of early.notes) {
        if (!(Number(this.byKey.get(key)?.resourceVersion) > Number(entry.resourceVersion))) this.record(key, entry);
      }
    }
  }

  /** takeDeferred takes over what takeOverWhenRead was given, before this process's first read. */
  private takeDeferred(): void {
    if (this.epoch !== undefined || !this.deferred) return;
    const memo = this.deferred;
    this.deferred = undefined;
    this.takeOver(memo());
  }

  private entryOf(pod: KubeObject): Entry {
    return { resourceVersion: pod.metadata.resourceVersion!, slim: this.keep(pod) ? this.slim(pod) : undefined };
  }
}

const SLASH = 0x2f;

/** compareKeys orders "namespace/name" keys as a list does: by namespace, then name. */
function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a.charCodeAt(k), y = b.charCodeAt(k);
    if (x === y) continue;
    // Up to here the keys agree; a '/' here ends the shorter namespace, which comes first.
    if (x === SLASH) return -1;
    if (y === SLASH) return 1;
    return x - y;
  }
  return a.length - b.length;
}

/** mergeKeys merges two key lists in compareKeys order. */
function mergeKeys(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length) out.push(compareKeys(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
