/**
 * handed-over-pods: the pending pods a command that stopped early left in the scheduler's
 * queue, handed to the next command (Controller.handOver): of each activeQ pod what PrioritySort
 * compares — resourceVersion, priority and creationTimestamp. A long-running kube-scheduler
 * keeps its queue in memory; a kubemu command would read every such pod again only to order
 * them, and then pop a thousand (at 30 000 pods, ~17 000 pod reads a tick). An entry stands for a
 * pod only at the resourceVersion it was taken at: that stored version was pending for the same
 * scheduler and not nominated, and its priority and creationTimestamp cannot have changed. The
 * queue holds such a pod as a sort stub until it is popped, and read then as every popped pod is.
 *
 * A scheduler that had entered every pending pod (its handlers synced) and saw no write of its
 * own process roll back also hands over the revision its queue stood at and the keys of the
 * pods it held besides (backing off, unschedulable, nominated). The next command then reads the
 * change log since that revision instead of every unscheduled pod's version: an entry whose pod
 * has not changed since stands as it is, and the pending pods left are among the memo's keys
 * (one changed since reaches the queue through the watch). At 150 000 pods that listing was
 * ~3% of a tick.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';

/** Entry is one pod's [key, resourceVersion, priority, creationTimestamp]. */
type Entry = [string, string, number, string];

/**
 * Memo is the hand-over: the scheduler's name and its activeQ entries; with the whole queue,
 * the revision it stood at and the keys of the other pods it held.
 */
interface Memo { schedulerName: string; pods: Entry[]; revision?: number; rest?: string[] }

/** WholeQueue is what a scheduler that held every pending pod adds to its memo. */
export interface WholeQueue { revision: number; keys: Iterable<string> }

/**
 * handOverMemo is the memo of the queued pods given (activeQ's), or undefined when none can be
 * handed over; a nominated pod takes part in the snapshot, so it is read again instead. whole,
 * when given, is every key the queue holds and the revision it stood at.
 */
export function handOverMemo(schedulerName: string, queued: Iterable<KubeObject>, whole?: WholeQueue): Memo | undefined {
  const pods: Entry[] = [];
  for (const p of queued) {
    const rv = p.metadata.resourceVersion;
    if (!rv || p.status?.nominatedNodeName) continue;
    pods.push([`${p.metadata.namespace ?? ''}/${p.metadata.name}`, rv, Number(p.spec?.priority ?? 0), p.metadata.creationTimestamp ?? '']);
  }
  if (!whole) return pods.length ? { schedulerName, pods } : undefined;
  const stubbed = new Set(pods.map((e) => e[0]));
  return { schedulerName, pods, revision: whole.revision, rest: [...whole.keys].filter((k) => !stubbed.has(k)) };
}

const isEntry = (e: unknown): e is Entry => Array.isArray(e) && e.length === 4
  && typeof e[0] === 'string' && typeof e[1] === 'string' && typeof e[2] === 'number' && typeof e[3] === 'string';

/** HandedOverPods holds the memo an earlier command handed over, until the pods are queued. */
export class HandedOverPods {
  private byKey = new Map<string, Entry>();
  private schedulerName = '';
  /** revision: what the whole queue stood at (undefined: the memo is not of the whole queue). */
  private revision: number | undefined;
  /** every: the keys of every pod the whole queue held. */
  private every: readonly string[] | undefined;
  /** changed: the pods changed since revision, as of the store state `at` (null: the log no longer holds it). */
  private changed: { at: string; keys: ReadonlySet<string> | null } | undefined;

  /** deferred reads the memo takeOverWhenRead was given, when the queue is first asked. */
  private deferred: (() => unknown) | undefined;

  /** takeOverWhenRead is takeOver of memo(), called when the queue first asks for what is held. */
  takeOverWhenRead(memo: () => unknown): void {
    this.byKey.clear();
    this.revision = this.every = this.changed = undefined;
    this.deferred = memo;
  }

  /** held takes over the deferred memo, if any, before anything is read of it. */
  private held(): this {
    if (this.deferred) {
      const memo = this.deferred;
      this.deferred = undefined;
      this.takeOver(memo());
    }
    return this;
  }

  /** takeOver replaces what is held with memo (anything else than a memo holds nothing). */
  takeOver(memo: unknown): void {
    this.deferred = undefined;
    this.byKey.clear();
    this.revision = this.every = this.changed = undefined;
    const m = memo as Partial<Memo> | undefined;
    if (!m || typeof m.schedulerName !== 'string' || !Array.isArray(m.pods)) return;
    this.schedulerName = m.schedulerName;
    let whole = Number.isSafeInteger(m.revision) && Array.isArray(m.rest) && m.rest.every((k) => typeof k === 'string');
    for (const e of m.pods) {
      if (isEntry(e)) this.byKey.set(e[0], e);
      else whole = false;
    }
    if (!whole) return;
    this.revision = m.revision;
    this.every = [...this.byKey.keys(), ...m.rest!];
  }

  get size(): number {
    return this.held().byKey.size;
  }

  /** read says whether the queue has asked for what is held (or was handed nothing to defer). */
  get read(): boolean {
    return this.deferred === undefined;
  }

  /**
   * changedSince is, for the memo of a whole queue, the pods changed since it was taken (from the
   * change log, read once per store state), so take need not be told each stored version;
   * undefined when it cannot say (not a whole queue's memo, or a log compacted past it).
   */
  private changedSince(api: ApiClient): ReadonlySet<string> | undefined {
    if (this.revision === undefined || this.revision > api.revision()) return undefined;
    const at = `${api.historyEpoch()}:${api.revision()}`;
    if (this.changed?.at !== at) {
      const changes = api.changedSince('Pod', this.revision);
      this.changed = { at, keys: changes ? new Set(changes.map((c) => `${c.namespace}/${c.name}`)) : null };
    }
    return this.changed.keys ?? undefined;
  }

  /** trusted says whether entries can be taken without each pod's stored version (see take). */
  trusted(api: ApiClient): boolean {
    return this.held().changedSince(api) !== undefined;
  }

  /**
   * take returns the sort stub of key's pod, if an entry stands for its stored version under
   * schedulerName: the version given (resourceVersion, as the store names it now), or with a
   * trusted memo, a pod the change log shows unchanged since. The entry is used up.
   */
  take(key: string, resourceVersion: string | undefined, schedulerName: string, api?: ApiClient): KubeObject | undefined {
    const e = this.held().byKey.get(key);
    if (!e) return undefined;
    this.byKey.delete(key);
    const changed = api && this.changedSince(api);
    const current = changed ? !changed.has(key) : e[1] === resourceVersion;
    if (!current || schedulerName !== this.schedulerName) return undefined;
    const slash = key.indexOf('/');
    return {
      apiVersion: 'v1', kind: 'Pod',
      metadata: { namespace: key.slice(0, slash), name: key.slice(slash + 1), resourceVersion: e[1], creationTimestamp: e[3] || undefined },
      spec: { priority: e[2] },
    } as KubeObject;
  }

  /**
   * leftPending is, for a trusted memo of a whole queue under schedulerName, the keys among which
   * are the pending pods an earlier command left: those the queue held then (any changed since
   * reaches the queue through the watch). undefined: they must be listed.
   */
  leftPending(api: ApiClient, schedulerName: string): readonly string[] | undefined {
    return this.trusted(api) && schedulerName === this.schedulerName ? this.every : undefined;
  }

  /** usedUp drops the entries left (the first pass that queued pods has taken what it could). */
  usedUp(): void {
    this.held().byKey.clear();
  }
}
