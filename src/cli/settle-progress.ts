/**
 * settle-progress: the one progress line a command shows on stderr while the cluster settles
 * for long (thousands of pods applied, a long wait, rollout status, scale, tick). Shown only
 * once the command has run PROGRESS_AFTER_MS, only when stderr is a terminal (main creates
 * it for every command and it asks once it is due), rewritten in place, and cleared when the command ends: nothing is left
 * in a pipe, a log or the terminal's scrollback.
 */
import { toISO } from '../sim/clock';

/** PROGRESS_AFTER_MS: a command quicker than this shows no progress at all. */
export const PROGRESS_AFTER_MS = 1000;
/** PROGRESS_EVERY_MS bounds how often the line is redrawn (counting pods reads them all). */
export const PROGRESS_EVERY_MS = 250;
/**
 * PROGRESS_COST_SHARE: the line waits at least this many times as long as its last count took,
 * so counting a big cluster's pods costs the settle at most about a tenth of its time.
 */
export const PROGRESS_COST_SHARE = 10;

/** ProgressCounts is what the line reports. */
export interface ProgressCounts { created: number; scheduled: number; running: number; nowMs: number }

/** progressLine is the text of the line. */
export function progressLine(c: ProgressCounts): string {
  return `pods: ${c.created} created, ${c.scheduled} scheduled, ${c.running} running; simulated time ${toISO(c.nowMs)}`;
}

/** podCounts counts a cluster's pods for the line. */
export function podCounts(pods: (visit: (pod: { spec?: { nodeName?: string }; status?: { phase?: string } }) => void) => void, nowMs: number): ProgressCounts {
  const c = { created: 0, scheduled: 0, running: 0, nowMs };
  pods((p) => {
    c.created++;
    if (p.spec?.nodeName) c.scheduled++;
    if (p.status?.phase === 'Running') c.running++;
  });
  return c;
}

/** SettleProgress is told of every settle pass and redraws the line when it is due. */
export class SettleProgress {
  private readonly start: number;
  private last = -Infinity;
  private gap = PROGRESS_EVERY_MS;
  private shown = false;
  private tty: boolean | undefined;

  /**
   * isTTY is asked once, when the line is first due: asking costs loading node:tty, which a
   * quick command must not pay. hostNowMs is real time (injected: tests drive it); counts
   * reads the cluster.
   */
  constructor(private readonly write: (text: string) => void, private readonly isTTY: () => boolean, private readonly hostNowMs: () => number, private readonly counts: () => ProgressCounts) {
    this.start = hostNowMs();
  }

  /** pass is called after each settle pass. */
  pass(): void {
    const now = this.hostNowMs();
    if (now - this.start < PROGRESS_AFTER_MS || now - this.last < this.gap) return;
    this.tty ??= this.isTTY();
    if (!this.tty) return;
    const counts = this.counts();
    this.last = this.hostNowMs();
    this.gap = Math.max(PROGRESS_EVERY_MS, PROGRESS_COST_SHARE * (this.last - now));
    this.shown = true;
    this.write(`\r\x1b[K${progressLine(counts)}`);
  }

  /** end clears the line, if one was drawn. */
  end(): void {
    if (this.shown) this.write('\r\x1b[K');
    this.shown = false;
  }
}
