/**
 * get-watch: `kubectl get -w` — the list, then one row per change as it happens. The
 * cluster is brought up to date about once a second of real time (a wall clock moves;
 * another process's writes to a manual cluster appear), until --request-timeout passes.
 */
import type { KubeObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { getTableHeader, getTableRow, type GetTableOptions } from '../../printers/get-table';
import { renderTabbedRemembering } from '../../printers/table';
import type { Cluster } from '../../cluster/cluster';
import type { CommandContext } from '../command';
import { DurationError, parseDuration } from '../../api/duration';
import { CliError } from '../errors';

/** INVALID_REQUEST_TIMEOUT is client-go's refusal of a --request-timeout value. */
export const INVALID_REQUEST_TIMEOUT = 'Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)';

/** requestTimeoutMs reads --request-timeout as client-go does: bare digits are seconds, anything else a Go duration. */
function requestTimeoutMs(text: string): number {
  if (/^[0-9]+$/.test(text)) return Number(text) * 1000;
  try {
    return parseDuration(text);
  } catch (e) {
    if (e instanceof DurationError) throw new CliError(INVALID_REQUEST_TIMEOUT);
    throw e;
  }
}

/** WATCH_POLL_MS is how often, in real time, the watch looks for changes. */
export const WATCH_POLL_MS = 1000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** watchTable prints the initial rows (unless watchOnly) and then every change until the timeout. */
export function watchTable(ctx: CommandContext, cluster: Cluster, info: ResourceInfo, initial: KubeObject[],
  matches: (o: KubeObject) => boolean, namespace: string | undefined, opts: GetTableOptions, watchOnly: boolean, withEvents: boolean): number {
  let widths: number[] = [];
  const emit = (rows: string[][]) => {
    const r = renderTabbedRemembering(rows, widths);
    widths = r.widths;
    ctx.io.out(r.text);
    ctx.io.flush();
  };
  const header = getTableHeader(info, opts);
  const row = (obj: KubeObject, type: string) => {
    const cells = getTableRow(info, obj, { ...opts, now: cluster.clock.now() });
    // kubectl pads the event type to 8 characters before the tab writer sees it.
    return withEvents ? [type.padEnd(8), ...cells] : cells;
  };
  const first: string[][] = opts.noHeaders ? [] : [withEvents ? ['EVENT', ...header] : header];
  if (!watchOnly) for (const o of initial) first.push(row(o, 'ADDED'));
  if (first.length) emit(first);
  pollWatch(ctx, cluster, info.storageKind, namespace, cluster.api.revision(), (events) => {
    const rows = events.filter((e) => matches(e.object)).map((e) => row(e.object, e.type));
    if (rows.length) emit(rows);
  });
  return 0;
}

/** WatchChange is one change a watch reports. */
export type WatchChange = ReturnType<Cluster['api']['watch']>[number];

/**
 * pollWatch hands emit the changes of one kind after revision `since`, looking about once a
 * second of real time (after bringing the cluster up to date), until --request-timeout passes.
 */
export function pollWatch(ctx: CommandContext, cluster: Cluster, storageKind: string, namespace: string | undefined, since: number,
  emit: (changes: WatchChange[]) => void): void {
  const timeoutText = ctx.flags['request-timeout'];
  const timeoutMs = timeoutText && timeoutText !== '0' ? requestTimeoutMs(timeoutText) : Infinity;
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    sleep(Math.min(WATCH_POLL_MS, Math.max(0, deadline - performance.now())));
    cluster.catchUp();
    const changes = cluster.api.watch(storageKind, since, namespace);
    if (changes.length) since = changes[changes.length - 1]!.revision;
    emit(changes);
  }
}
