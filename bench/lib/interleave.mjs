/**
 * interleave: the BENCHMARKS.md §2 method. Every round runs every command once, rotating
 * the order each round, so load drift on a shared machine lands on all commands alike;
 * the figure that counts is the median of per-round ratios against the first command.
 */
import { spawnSync } from 'node:child_process';

/**
 * Step is one command of a suite: { name, cmd: [exe, ...args] | (round) => [...], env?, cwd?,
 * allow?: exit codes accepted (default [0]), prep?: (round) => void run untimed first }.
 */

const quantile = (a, p) => {
  const s = [...a].sort((x, y) => x - y);
  const i = (s.length - 1) * p;
  const lo = Math.floor(i), hi = Math.ceil(i);
  return s[lo] + (s[hi] - s[lo]) * (i - lo);
};
export { quantile };

/** timeOnce runs a step and returns its wall time in ms; throws on an unexpected exit code. */
export function timeOnce(step, round) {
  if (step.prep) step.prep(round);
  const cmd = typeof step.cmd === 'function' ? step.cmd(round) : step.cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), {
    env: { ...process.env, ...(step.env ?? {}) }, cwd: step.cwd,
    stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 << 20,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const allow = step.allow ?? [0];
  if (!allow.includes(r.status)) throw new Error(`${step.name} exited ${r.status}: ${String(r.stderr).slice(0, 400)}`);
  if (step.check) step.check(String(r.stdout), String(r.stderr));
  return ms;
}

/**
 * interleave runs the suite for warmup + rounds rounds and returns one result per step:
 * { name, runs, median, p10, p90, min, ratio (median paired ratio to step 0), p90OverMedian }.
 */
export function interleave(suite, { rounds = 15, warmup = 2 } = {}) {
  const times = suite.map(() => []);
  for (let r = 0; r < warmup + rounds; r++) {
    for (let k = 0; k < suite.length; k++) {
      const i = (k + r) % suite.length;
      const ms = timeOnce(suite[i], r);
      if (r >= warmup) times[i].push(ms);
    }
  }
  const base = times[0];
  return suite.map((s, i) => {
    const t = times[i];
    const median = quantile(t, 0.5);
    return {
      name: s.name, runs: t.length, median, p10: quantile(t, 0.1), p90: quantile(t, 0.9), min: Math.min(...t),
      ratio: quantile(t.map((x, k) => x / base[k]), 0.5),
      p90OverMedian: quantile(t, 0.9) / median,
    };
  });
}

/** printResults prints one line per step: median, p10/p90 and the paired ratio to the baseline. */
export function printResults(results) {
  for (const r of results) {
    console.log(`  ${r.name.padEnd(56)} median ${r.median.toFixed(1).padStart(8)} ms  p10 ${r.p10.toFixed(1).padStart(8)}  p90 ${r.p90.toFixed(1).padStart(8)}  x${r.ratio.toFixed(2)}`);
  }
}
