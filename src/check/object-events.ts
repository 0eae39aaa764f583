/**
 * object-events: the Events recorded about some objects, newest last — where a controller's
 * reason lives when no status field carries it (FailedCreate, Unhealthy, ProvisioningFailed).
 */
import type { Cluster } from '../cluster/cluster';
import { COMBINED_PREFIX } from '../apiserver/event-correlator';

interface EventLike { involvedObject?: { uid?: string }; reason?: string; type?: string; message?: string; lastTimestamp?: string; count?: number }

/**
 * eventsAbout lists the Events of a namespace whose subject is one of uids, oldest first; a
 * combined Event's message is the message it last stood for (a finding cites the cause).
 */
export function eventsAbout(cluster: Cluster, namespace: string | undefined, uids: ReadonlySet<string>): EventLike[] {
  return cluster.api.list({ kind: 'Event', namespace })
    .filter((e) => uids.has(e.involvedObject?.uid ?? ''))
    .map((e) => (typeof e.message === 'string' && e.message.startsWith(COMBINED_PREFIX) ? { ...e, message: e.message.slice(COMBINED_PREFIX.length) } : e))
    .sort((a, b) => ((a.lastTimestamp ?? '') < (b.lastTimestamp ?? '') ? -1 : (a.lastTimestamp ?? '') > (b.lastTimestamp ?? '') ? 1
      : Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion)));
}

/** latestEvent is the newest Event about the objects with one of the reasons (any reason when none given). */
export function latestEvent(cluster: Cluster, namespace: string | undefined, uids: ReadonlySet<string>, reasons?: readonly string[]): EventLike | undefined {
  const events = eventsAbout(cluster, namespace, uids).filter((e) => !reasons || reasons.includes(e.reason ?? ''));
  return events[events.length - 1];
}
