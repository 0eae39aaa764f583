/**
 * handed-over-pods: the pending pods a command that stopped early left in the scheduler's
 * activeQ, handed to the next command (Controller.handOver) as what PrioritySort compares of
 * each: resourceVersion, priority and creationTimestamp. A long-running kube-scheduler keeps its
 * queue in memory; a kubemu command would read every such pod again only to order them, and then
 * pop a thousand (at 30 000 pods, ~17 000 pod reads a tick). An entry stands for a pod only at
 * the resourceVersion it was taken at: that stored version was pending for the same scheduler and
 * not nominated, and its priority and creationTimestamp cannot have changed. The queue holds such
 * a pod as a sort stub until it is popped, and read then as every popped pod is.
 */
import type { KubeObject } from '../api/meta';

/** Entry is one pod's [key, resourceVersion, priority, creationTimestamp]. */
type Entry = [string, string, number, string];

/** Memo is the hand-over: the scheduler's name and its entries. */
interface Memo { schedulerName: string; pods: Entry[] }

/**
 * handOverMemo is the memo of the queued pods given (activeQ's), or undefined when none can be
 * handed over; a nominated pod takes part in the snapshot, so it is read again instead.
 */
export function handOverMemo(schedulerName: string, queued: Iterable<KubeObject>): Memo | undefined {
  const pods: Entry[] = [];
  for (const p of queued) {
    const rv = p.metadata.resourceVersion;
    if (!rv || p.status?.nominatedNodeName) continue;
    pods.push([`${p.metadata.namespace ?? ''}/${p.metadata.name}`, rv, Number(p.spec?.priority ?? 0), p.metadata.creationTimestamp ?? '']);
  }
  return pods.length ? { schedulerName, pods } : undefined;
}

const isEntry = (e: unknown): e is Entry => Array.isArray(e) && e.length === 4
  && typeof e[0] === 'string' && typeof e[1] === 'string' && typeof e[2] === 'number' && typeof e[3] === 'string';

/** HandedOverPods holds the memo an earlier command handed over, until the pods are queued. */
export class HandedOverPods {
  private byKey = new Map<string, Entry>();
  private schedulerName = '';

  /** takeOver replaces what is held with memo (anything else than a memo holds nothing). */
  takeOver(memo: unknown): void {
    this.byKey.clear();
    const m = memo as Partial<Memo> | undefined;
    if (!m || typeof m.schedulerName !== 'string' || !Array.isArray(m.pods)) return;
    this.schedulerName = m.schedulerName;
    for (const e of m.pods) if (isEntry(e)) this.byKey.set(e[0], e);
  }

  get size(): number {
    return this.byKey.size;
  }

  /**
   * take returns the sort stub of key's pod, if an entry stands for its stored version
   * (resourceVersion, as the store names it now) under schedulerName; the entry is used up.
   */
  take(key: string, resourceVersion: string | undefined, schedulerName: string): KubeObject | undefined {
    const e = this.byKey.get(key);
    if (!e) return undefined;
    this.byKey.delete(key);
    if (e[1] !== resourceVersion || schedulerName !== this.schedulerName) return undefined;
    const slash = key.indexOf('/');
    return {
      apiVersion: 'v1', kind: 'Pod',
      metadata: { namespace: key.slice(0, slash), name: key.slice(slash + 1), resourceVersion: e[1], creationTimestamp: e[3] || undefined },
      spec: { priority: e[2] },
    } as KubeObject;
  }
}
