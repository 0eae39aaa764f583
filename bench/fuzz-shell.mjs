#!/usr/bin/env node
// Container shell fuzzing at scale: runs test/fuzz/shell-fuzz.test.ts with more generated
// scripts and no per-test timeout, and prints its outcome classes (exit codes, syntax
// errors, loops, scripts out of budget) and any counter-example, shrunk.
//   node bench/fuzz-shell.mjs [--cases N] [--seed S]
// Defaults: 20 000 scripts (a fifth as many in the bash flavour), a seed from the clock.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const env = { ...process.env, KUBEMU_FUZZ_SHELL: arg('cases', '20000'), KUBEMU_FUZZ_SEED: arg('seed', String(Date.now() % 100000)) };
console.log(`shell fuzz: ${env.KUBEMU_FUZZ_SHELL} scripts, seed ${env.KUBEMU_FUZZ_SEED}`);
const r = spawnSync('npx', ['vitest', 'run', 'test/fuzz/shell-fuzz.test.ts', '--testTimeout=0', '--reporter=verbose', '--silent=false'], { cwd: REPO, env, stdio: 'inherit' });
process.exitCode = r.status ?? 1;
