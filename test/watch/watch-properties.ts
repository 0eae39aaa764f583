/**
 * watch-properties: etcd's watch guarantees (BENCHMARKS §1e / R7) as counting checks over
 * event lists, so a test can print a violation count per property and assert they are 0.
 */
import type { KubeObject } from '../../src/api/meta';

/** WatchEvt is one event as ApiServer.watch returns it. */
export interface WatchEvt { type: string; object: KubeObject; revision: number }

/** Violations counts breaches per property. */
export interface Violations { ordered: number; unique: number; noGaps: number; resumable: number; replayMatchesList: number; expired: number }

export const emptyViolations = (): Violations => ({ ordered: 0, unique: 0, noGaps: 0, resumable: 0, replayMatchesList: 0, expired: 0 });

/** ordered counts events whose revision is not above the previous one's. */
export function countUnordered(evs: readonly WatchEvt[]): number {
  let n = 0;
  for (let i = 1; i < evs.length; i++) if (evs[i]!.revision < evs[i - 1]!.revision) n++;
  return n;
}

/** countDuplicates counts events repeating an earlier (revision, kind, namespace, name). */
export function countDuplicates(evs: readonly WatchEvt[]): number {
  const seen = new Set<string>();
  let n = 0;
  for (const e of evs) {
    const k = `${e.revision}/${e.object.kind}/${e.object.metadata.namespace ?? ''}/${e.object.metadata.name}`;
    if (seen.has(k)) n++;
    seen.add(k);
  }
  return n;
}

/**
 * countGaps counts revisions in (after, head] that no event carries: every store write takes
 * the next revision and records one change, so the full log (all kinds) has no holes.
 */
export function countGaps(evs: readonly WatchEvt[], after: number, head: number): number {
  const have = new Set(evs.map((e) => e.revision));
  let n = 0;
  for (let r = after + 1; r <= head; r++) if (!have.has(r)) n++;
  return n;
}

/** countResumeMismatches compares a watch resumed at `from` with the suffix of a full one. */
export function countResumeMismatches(full: readonly WatchEvt[], resumed: readonly WatchEvt[], from: number): number {
  const want = full.filter((e) => e.revision > from).map(key);
  const got = resumed.map(key);
  let n = Math.abs(want.length - got.length);
  for (let i = 0; i < Math.min(want.length, got.length); i++) if (want[i] !== got[i]) n++;
  return n;
}

/**
 * countReplayMismatches applies the events to `base` (the list at the watch's start) and
 * compares the result with the list now: names and resourceVersions must be identical.
 */
export function countReplayMismatches(base: readonly KubeObject[], evs: readonly WatchEvt[], now: readonly KubeObject[]): number {
  const state = new Map(base.map((o) => [id(o), o.metadata.resourceVersion]));
  for (const e of evs) {
    if (e.type === 'DELETED') state.delete(id(e.object));
    else state.set(id(e.object), e.object.metadata.resourceVersion);
  }
  const final = new Map(now.map((o) => [id(o), o.metadata.resourceVersion]));
  let n = 0;
  for (const [k, rv] of final) if (state.get(k) !== rv) n++;
  for (const k of state.keys()) if (!final.has(k)) n++;
  return n;
}

function id(o: KubeObject): string {
  return `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
}

function key(e: WatchEvt): string {
  return `${e.revision}:${e.type}:${id(e.object)}`;
}
