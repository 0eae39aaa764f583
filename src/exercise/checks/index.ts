/**
 * checks: an exercise's checks evaluated against its cluster. The cluster is settled first —
 * brought to its current time, then given CHECK_GRACE_MS of simulated time, as a grader
 * waits for rollouts and restarts — so a check never races the cluster: whatever the
 * learner's last command started has happened or has visibly failed. Every check but
 * `command` reads through the API server; a check that cannot be evaluated fails with why.
 */
import type { ExerciseHost } from '../host';
import type { Check, CheckResult, CheckSpec } from '../model';
import { render, type Values } from '../variables';
import { checkCanI, checkConnect } from './access-checks';
import { fail, type CheckContext, type Verdict } from './check-context';
import { checkCommand } from './command-check';
import { checkNodeFile, checkLogs } from './node-checks';
import { checkAbsent, checkCondition, checkCount, checkExists, checkJsonPath } from './object-checks';

/** CHECK_GRACE_MS is the simulated time a check gives the cluster before judging it. */
export const CHECK_GRACE_MS = 60_000;

/** renderSpec substitutes the values into every string of a check. */
export function renderSpec<T>(v: T, values: Values): T {
  if (typeof v === 'string') return render(v, values) as T;
  if (Array.isArray(v)) return v.map((x) => renderSpec(x, values)) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, renderSpec(x, values)])) as T;
  return v;
}

/** evaluate runs one rendered check. */
export function evaluate(ctx: CheckContext, s: CheckSpec): Verdict {
  switch (s.type) {
    case 'exists': return checkExists(ctx, s.target);
    case 'absent': return checkAbsent(ctx, s.target);
    case 'jsonpath': return checkJsonPath(ctx, s.target, s.path, s.equals, s.matches);
    case 'condition': return checkCondition(ctx, s.target, s.condition, s.status);
    case 'count': return checkCount(ctx, s.kind, s.namespace, s.selector, s.equals);
    case 'canI': return checkCanI(ctx, s.as, s.verb, s.resource, s.namespace, s.expect);
    case 'connect': return checkConnect(ctx, s.from, s.namespace, s.to, s.expect);
    case 'nodeFile': return checkNodeFile(ctx, s.node, s.path, s.exists, s.contains);
    case 'logs': return checkLogs(ctx, s.pod, s.namespace, s.container, s.contains);
    case 'command': return checkCommand(ctx, s.run, s.stdoutMatches, s.exitCode);
  }
}

/** runChecks settles the host's cluster and evaluates every check, in order. */
export function runChecks(host: ExerciseHost, checks: readonly Check[], values: Values): CheckResult[] {
  const cluster = host.open();
  try {
    cluster.catchUp();
    cluster.advance(CHECK_GRACE_MS);
    return checks.map((c) => {
      const spec = renderSpec(c.spec, values);
      let v: Verdict;
      try {
        const ctx: CheckContext = { api: cluster.api, nowMs: cluster.clock.nowMs(), host };
        v = spec.type === 'command' ? evaluate(ctx, spec) : cluster.read(() => evaluate(ctx, spec));
      } catch (e) {
        v = fail((e as Error).message.split('\n')[0]!);
      }
      return { title: render(c.title, values), weight: c.weight, passed: v.passed, reason: v.reason };
    });
  } finally {
    cluster.close();
  }
}
