/**
 * kustomize vs kubectl: every kustomization under testdata/ is built by `kubemu kustomize`
 * and must print, byte for byte, what kubectl 1.32's built-in kustomize (v5.5.0) prints —
 * the YAML on stdout and kustomize's deprecation warnings on stderr.
 *
 * expected/ holds kubectl's output for each fixture, so kubemu is checked on any machine;
 * where kubectl 1.32 is present the oracle is run too, and must still agree with expected/
 * (a fixture edited without regenerating its expected output fails here). Under CI=true a
 * missing oracle fails the oracle part instead of skipping it.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithInputs, kubectlInput } from '../../helpers/required-input';
import { tempHome } from '../../helpers/run-cli';
import { KUBECTL_1_32 } from '../kubectl-oracle';

const TESTDATA = path.join(__dirname, 'testdata');
const EXPECTED = path.join(__dirname, 'expected');
const FIXTURES = fs.readdirSync(TESTDATA).filter((f) => fs.statSync(path.join(TESTDATA, f)).isDirectory()).sort();

const home = tempHome();
afterAll(() => home.cleanup());

const readExpected = (file: string): string => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

function oracle(args: string[], cwd: string): { stdout: string; stderr: string; code: number } {
  const r = spawnSync(KUBECTL_1_32!, args, { cwd, encoding: 'utf8', env: { ...process.env, KUBECONFIG: '/dev/null' } });
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', code: r.status ?? -1 };
}

describe('kubemu kustomize matches the committed kubectl output', () => {
  it('has at least 15 fixtures, each with an expected output', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(15);
    for (const f of FIXTURES) expect(fs.existsSync(path.join(EXPECTED, `${f}.yaml`)), f).toBe(true);
  });
  for (const f of FIXTURES) {
    it(f, () => {
      const r = home.run(['kustomize', f], { cwd: TESTDATA });
      expect(r.stderr).toBe(readExpected(path.join(EXPECTED, `${f}.stderr`)));
      expect(r.stdout).toBe(readExpected(path.join(EXPECTED, `${f}.yaml`)));
      expect(r.code).toBe(0);
    });
  }
});

describeWithInputs('kustomize vs kubectl 1.32', [kubectlInput(KUBECTL_1_32 !== undefined)], () => {
  for (const f of FIXTURES) {
    it(f, () => {
      const k = oracle(['kustomize', f], TESTDATA);
      expect(k.stdout, 'expected/ is stale: regenerate it from kubectl').toBe(readExpected(path.join(EXPECTED, `${f}.yaml`)));
      const r = home.run(['kustomize', f], { cwd: TESTDATA });
      expect(r.stdout).toBe(k.stdout);
      expect(r.stderr).toBe(k.stderr);
      expect(r.code).toBe(k.code);
    });
  }

  // The refusals, worded and coded as kubectl's (paths are this run's temp directory).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-errors-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'empty'));
  fs.mkdirSync(path.join(dir, 'missing-resource'));
  fs.writeFileSync(path.join(dir, 'missing-resource', 'kustomization.yaml'), 'resources:\n- nothere.yaml\n');
  const ERROR_CASES: string[][] = [
    ['kustomize', 'empty'],
    ['kustomize', 'nosuchdir'],
    ['kustomize', 'missing-resource'],
    ['kustomize', 'a', 'b'],
    ['apply', '-k', 'empty', '-f', 'x.yaml'],
    ['delete', '-k', 'empty', '-f', 'x.yaml'],
  ];
  for (const args of ERROR_CASES) {
    it(args.join(' '), () => {
      const k = oracle(args, dir);
      const r = home.run(args, { cwd: dir });
      expect(r.stderr).toBe(k.stderr);
      expect(r.stdout).toBe(k.stdout);
      expect(r.code).toBe(k.code);
    });
  }
});
