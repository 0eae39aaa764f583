/**
 * check-context: what a check evaluator reads — the API (with its resource registry), the
 * cluster's simulated now, the host (for `command` checks, which run the CLI) — and what it
 * returns: passed, and the reason a learner reads next to ✓ or ✗.
 */
import type { ApiServer } from '../../apiserver/apiserver';
import type { ExerciseHost } from '../host';

/** CheckContext is the cluster as a check sees it, settled. */
export interface CheckContext {
  api: ApiServer;
  nowMs: number;
  host: ExerciseHost;
}

/** Verdict is one check's outcome. */
export interface Verdict { passed: boolean; reason: string }

export const pass = (reason: string): Verdict => ({ passed: true, reason });
export const fail = (reason: string): Verdict => ({ passed: false, reason });
