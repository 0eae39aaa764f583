/**
 * lock-handoff: lets a command that waits for the write lock in between the steps of a long
 * clock advance. SQLite's busy handler retries every 100 ms or so, while the advancing process
 * takes the lock back microseconds after each commit: left alone, the waiting writer would
 * time out ("the cluster is busy") however often the lock is let go. So the advancing process
 * marks the cluster (`<state>.advancing`, holding its pid) while it runs; a writer that finds
 * the mark announces itself (`<state>.waiting-<pid>`) until its transaction ends; and between
 * two steps the advancing process leaves the lock free until those writers are done.
 * Marks left by a killed process are recognised by their pid and ignored.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';

/**
 * HANDOFF_MAX_WAIT_MS bounds how long an advance, between two steps, leaves the lock to the
 * writers that announced themselves: it goes on once they are done (their marks gone), or
 * after this long, when its next step queues for the lock like any writer.
 */
export const HANDOFF_MAX_WAIT_MS = 2000;

/** HANDOFF_POLL_MS is how often the advance looks whether the waiting writers are done. */
const HANDOFF_POLL_MS = 5;

/** LockHandoff is the hand-off for one state file (a no-op for in-memory stores). */
export interface LockHandoff {
  /** advancing runs a stepped advance with the cluster marked as advancing. */
  advancing<T>(fn: () => T): T;
  /** writing runs a writer's transaction, announced while the cluster is marked as advancing. */
  writing<T>(fn: () => T): T;
  /** yieldToWaiters, between two steps, leaves the lock free for a moment if a writer waits. */
  yieldToWaiters(): void;
}

const NO_HANDOFF: LockHandoff = { advancing: (fn) => fn(), writing: (fn) => fn(), yieldToWaiters() {} };

/** lockHandoff returns the hand-off for the state file at path (undefined: no file of its own). */
export function lockHandoff(path: string | undefined): LockHandoff {
  if (!path) return NO_HANDOFF;
  const dir = nodePath.dirname(path);
  const base = nodePath.basename(path);
  const mark = `${path}.advancing`;
  const waitingPrefix = `${base}.waiting-`;
  return {
    advancing<T>(fn: () => T): T {
      const placed = tryFs(() => fs.writeFileSync(mark, String(process.pid)));
      try {
        return fn();
      } finally {
        if (placed) tryFs(() => fs.rmSync(mark, { force: true }));
      }
    },
    writing<T>(fn: () => T): T {
      const owner = Number(tryFs(() => fs.readFileSync(mark, 'utf8')) || 0);
      if (!owner || owner === process.pid || !alive(owner)) return fn();
      const announce = nodePath.join(dir, `${waitingPrefix}${process.pid}`);
      const placed = tryFs(() => fs.writeFileSync(announce, ''));
      try {
        return fn();
      } finally {
        if (placed) tryFs(() => fs.rmSync(announce, { force: true }));
      }
    },
    yieldToWaiters(): void {
      const waiting = () => (tryFs(() => fs.readdirSync(dir)) || [])
        .some((n) => n.startsWith(waitingPrefix) && alive(Number(n.slice(waitingPrefix.length))));
      for (let waited = 0; waited < HANDOFF_MAX_WAIT_MS && waiting(); waited += HANDOFF_POLL_MS) pauseHost(HANDOFF_POLL_MS);
    },
  };
}

/** alive reports whether a process with this pid exists. */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** tryFs runs a file-system call whose failure (a read-only folder, a mark already gone) only disables the hand-off. */
function tryFs<T>(fn: () => T): T | undefined {
  try {
    return fn() ?? (true as T);
  } catch {
    return undefined;
  }
}

/** pauseHost sleeps for ms of real time (the core is synchronous: no event loop to yield to). */
function pauseHost(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
