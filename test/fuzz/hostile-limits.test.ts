/**
 * R8 limits: alias bombs (bench-floors/hazards/bomb*.yaml, CVE-2019-11253) and documents over
 * 3 MiB are refused quickly with one error line, and nothing reaches the store. Times are
 * printed, never asserted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import { ApplyFuzzer } from './apply-oracle';

/** HAZARDS are the YAML hazard files read-manifests' own tests carry. */
const HAZARDS = path.resolve(__dirname, '../../src/yaml/testdata/hazards');

/** bomb builds a billion-laughs ConfigMap with `levels` levels of 9 aliases each. */
function bomb(levels: number): string {
  let s = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  a0: &a0 "lol"\n';
  for (let i = 1; i <= levels; i++) s += `  a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(',')}]\n`;
  return s;
}

describe('R8 hostile limits', () => {
  const home = manualCluster('fuzz', 7);
  const fuzzer = new ApplyFuzzer(home.dir, 'fuzz', 1);
  afterAll(() => { fuzzer.close(); home.cleanup(); });

  const bombFiles = fs.readdirSync(HAZARDS).filter((f) => f.startsWith('bomb')).sort();
  const cases: [string, string | Buffer, RegExp][] = [
    ...bombFiles.map((f): [string, string | Buffer, RegExp] => [`hazards/${f}`, fs.readFileSync(path.join(HAZARDS, f)), /excessive aliasing/]),
    ['generated 9-level bomb', bomb(9), /excessive aliasing/],
    ['merge-key bomb', `${bomb(5)}  m:\n    <<: [*a5, *a5]\n`, /excessive aliasing|map merge requires|did not find|mapping/],
    ['3 MiB + 1 of YAML', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  k: ${'x'.repeat(3 * 1024 * 1024)}\n`, /Request entity too large|too large/],
    ['3 MiB + 1 of JSON', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'bigj' }, data: { k: 'y'.repeat(3 * 1024 * 1024) } }), /Request entity too large|too large/],
  ];

  for (const [name, input, expected] of cases) {
    it(`refuses ${name}`, () => {
      const v = fuzzer.run(input);
      console.log(`R8 limit ${name}: ${v.outcome} in ${v.ms.toFixed(1)} ms: ${v.firstLine.slice(0, 110)}`);
      expect(v.outcome).toBe('clean-error');
      expect(v.firstLine).toMatch(expected);
    });
  }
});
