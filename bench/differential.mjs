#!/usr/bin/env node
// R9 differential testing against the real kubectl at full size (BENCHMARKS.md §5 R9): runs
// test/differential/ with KUBEMU_DIFF_ALL=1 (every hazard and corpus file, not the CI sample)
// and prints files compared, identical and different with the first differing path.
//   node bench/differential.mjs
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (spawnSync('kubectl', ['version', '--client']).status !== 0) {
  console.log('R9: kubectl not found; nothing to compare against');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', 'test/differential/', '--testTimeout=0', '--silent=false'],
  { cwd: REPO, env: { ...process.env, KUBEMU_DIFF_ALL: '1' }, stdio: 'inherit' });
process.exitCode = r.status ?? 1;
