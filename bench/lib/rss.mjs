/**
 * rss: peak resident set size of one command, as BENCHMARKS.md measures it
 * (`/usr/bin/time -f %M`, KiB), median over a few runs.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { quantile } from './interleave.mjs';

const TIME = '/usr/bin/time';

/** hasTime reports whether GNU time is installed. */
export function hasTime() {
  return fs.existsSync(TIME);
}

/** peakRssKiB returns the median peak RSS (KiB) of `cmd` over `runs` runs, or undefined without GNU time. */
export function peakRssKiB(cmd, { env = {}, runs = 3, allow = [0] } = {}) {
  if (!hasTime()) return undefined;
  const vals = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(TIME, ['-f', '%M', ...cmd], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 << 20 });
    if (!allow.includes(r.status)) throw new Error(`${cmd.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
    const lines = r.stderr.trim().split('\n');
    vals.push(Number(lines[lines.length - 1]));
  }
  return quantile(vals, 0.5);
}
