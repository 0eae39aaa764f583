/**
 * verdict: how every benchmark states its outcome — one line per target with the figure,
 * the bound and PASS/FAIL — and the tally run-all prints at the end. Benchmarks print
 * verdicts; they never fail a test.
 */

const tally = [];

/** verdict prints "  T2  get pods / N0 = 1.31x (target <= 1.40x)  PASS" and records it. */
export function verdict(id, what, value, bound, unit = 'x') {
  const pass = value <= bound;
  const fmt = (v) => unit === 'x' ? `${v.toFixed(2)}x` : `${v.toFixed(unit === 'MiB' ? 1 : 0)} ${unit}`;
  const line = `${id.padEnd(4)} ${what} = ${fmt(value)} (target <= ${fmt(bound)})  ${pass ? 'PASS' : 'FAIL'}`;
  console.log(`  ${line}`);
  tally.push({ id, what, value, bound, unit, pass });
  return pass;
}

/** note prints a figure that has no target (context for a verdict). */
export function note(text) {
  console.log(`  ${text}`);
}

/** verdicts returns every verdict printed so far in this process. */
export function verdicts() {
  return tally;
}

/** flagValue reads `--name value` from argv. */
export function flagValue(name, fallback, argv = process.argv) {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}

/** roundsFor picks the number of interleaved rounds: --rounds N, else 5 with --quick, else `full`. */
export function roundsFor(full, argv = process.argv) {
  return Number(flagValue('--rounds', argv.includes('--quick') ? 5 : full, argv));
}

/** saveVerdicts writes this process's verdicts to the --json FILE run-all passes (no-op without it). */
export async function saveVerdicts(argv = process.argv) {
  const file = flagValue('--json', undefined, argv);
  if (!file) return;
  const fs = await import('node:fs');
  fs.writeFileSync(file, JSON.stringify(tally, null, 1));
}
