/**
 * tick: kubemu tick DURATION — moves the cluster's simulated clock forward, firing every
 * timer that falls due on the way in order, and prints a one-line summary.
 */
import { DurationError, parseDuration } from '../../api/duration';
import type { EventLike, KubeObject } from '../../api/meta';
import { ApiError, isCorruptObjectError } from '../../apiserver/errors';
import type { Cluster } from '../../cluster/cluster';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';
import { toISO } from '../../sim/clock';

/** TICK_BACKWARDS is tick's refusal of a negative DURATION: simulated time only moves forward. */
export const TICK_BACKWARDS = (arg: string): string => `tick cannot move the clock backwards: "${arg}"`;

/**
 * tickDuration reads tick's DURATION with Go's time.ParseDuration ("30s", "1h30m", "500ms";
 * a bare number has no unit and is refused, as Go refuses it) into whole milliseconds.
 */
export function tickDuration(arg: string): number {
  let ms: number;
  try {
    ms = parseDuration(arg);
  } catch (e) {
    if (e instanceof DurationError) throw new CliError(e.message);
    throw e;
  }
  if (ms < 0) throw new CliError(TICK_BACKWARDS(arg));
  return Math.ceil(ms);
}

/** eventCounts tallies the Event reasons recorded (or repeated) in a window of changes. */
export function eventCounts(changes: readonly { type: string; object: KubeObject }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of changes) if (c.type !== 'DELETED') countReason(counts, c.object);
  return counts;
}

function countReason(counts: Map<string, number>, event: EventLike): void {
  const reason = event.reason;
  if (typeof reason === 'string' && reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
}

/** tickSummary is tick's one-line report: the time moved, and what the cluster did meanwhile, by Event reason. */
export function tickSummary(fromMs: number, toMs: number, counts: Map<string, number>): string {
  const what = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([r, n]) => `${n} ${r}`).join(', ');
  return `${toISO(fromMs)} -> ${toISO(toMs)}: ${what || 'no events'}\n`;
}

/**
 * eventsSince tallies the Events written after a revision; when a long tick wrote more than the
 * change log keeps (410 Expired), it counts the Events whose last write came after that revision
 * instead (each once, however often it was repeated). Their times cannot tell: the work a tick
 * catches up on happens at the second it starts from, as the command before it may have.
 */
export function eventsSince(cluster: Cluster, revision: number): Map<string, number> {
  try {
    return eventCounts(cluster.api.watch('Event', revision));
  } catch (e) {
    if (!(e instanceof ApiError && e.reason === 'Expired')) throw e;
    // Only the Events written since are read (a big cluster keeps hundreds of thousands), in
    // one read transaction: tens of thousands of reads, each otherwise its own.
    return cluster.read(() => {
      const counts = new Map<string, number>();
      for (const v of cluster.api.versions('Event')) {
        if (Number(v.resourceVersion) <= revision) continue;
        let object: KubeObject | undefined;
        try {
          object = cluster.api.tryGet({ kind: 'Event', namespace: v.namespace, name: v.name });
        } catch (e) {
          // A corrupt Event is passed over, as a list passes over it.
          if (isCorruptObjectError(e)) continue;
          throw e;
        }
        if (object) countReason(counts, object);
      }
      return counts;
    });
  }
}

/** tickCommand is `kubemu tick`. */
export const tickCommand = ownVerb(leaf({
  command: 'tick <duration>',
  describe: 'Advance the cluster\'s simulated clock (kubemu)',
  options: { quiet: { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing.' } },
  plain: true, // ticks run in loops: `tick 1h` starts without yargs
  examples: [
    ['$0 tick 30s', 'fire every timer due in the next 30 simulated seconds'],
    ['$0 tick 1h30m -q', 'move an hour and a half on, printing nothing'],
  ],
  run(ctx: CommandContext, opts): number {
    if (ctx.args.length !== 1) throw new CliError('tick takes one DURATION, e.g. `kubemu tick 30s`');
    const ms = tickDuration(ctx.args[0]!);
    const cluster = ctx.cluster();
    const before = cluster.api.revision();
    const from = cluster.clock.nowMs();
    // A long tick commits step by step; on a terminal, main's progress line shows how far it has come.
    // The log since `before` is kept for the summary (a 20 000-write tick outgrows the window).
    cluster.sim.holdHistory(before, () => cluster.advance(ms));
    if (!opts.quiet) ctx.io.out(tickSummary(from, cluster.clock.nowMs(), eventsSince(cluster, before)));
    return 0;
  },
}));
