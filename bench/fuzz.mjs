#!/usr/bin/env node
// R8 fuzzing at scale (BENCHMARKS.md §5 R8): runs the CI fuzz tests in test/fuzz/ with more
// inputs and no per-test timeout, and prints their figures (inputs/s, outcome classes, p99/max
// ms, unique crash signatures with reproducers).
//   node bench/fuzz.mjs [--mutations N] [--generated N] [--parsers N] [--seed S]
// Defaults: 50 000 mutated corpus inputs and 10 000 generated ones (the nightly size), and
// 20 000 inputs for each of the jsonpath, label selector and field selector parsers.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const env = {
  ...process.env,
  KUBEMU_FUZZ_MUTATIONS: arg('mutations', '50000'),
  KUBEMU_FUZZ_GENERATED: arg('generated', '10000'),
  KUBEMU_FUZZ_PARSERS: arg('parsers', '20000'),
  KUBEMU_FUZZ_SEED: arg('seed', String(Date.now() % 100000)),
};
console.log(`R8 fuzz: ${env.KUBEMU_FUZZ_MUTATIONS} mutated + ${env.KUBEMU_FUZZ_GENERATED} generated inputs, ${env.KUBEMU_FUZZ_PARSERS} per parser, seed ${env.KUBEMU_FUZZ_SEED}`);
const r = spawnSync('npx', ['vitest', 'run', 'test/fuzz/', '--testTimeout=0', '--reporter=verbose', '--silent=false'], { cwd: REPO, env, stdio: 'inherit' });
process.exitCode = r.status ?? 1;
