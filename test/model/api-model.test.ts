/**
 * R6 model-based sequential testing: fast-check generates sequences of create / get /
 * replace (current, stale, no resourceVersion) / delete / list / label, runs them through the
 * real CLI in-process and compares every output with a pure model. A failure is shrunk to a
 * minimal sequence, printed with the commands it ran. Also checks ApiServer.update's 409 on a
 * stale resourceVersion directly.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/api/meta';
import { ApiError } from '../../src/apiserver/errors';
import { manualCluster } from '../helpers/run-cli';
import { newTestCluster } from '../helpers/test-cluster';
import { commands, freshNamespace, type Model, type Real } from './configmap-model';

const RUNS = Number(process.env.KUBEMU_MODEL_RUNS ?? 40);
const SEED = Number(process.env.KUBEMU_MODEL_SEED ?? 6);

describe('R6 API model through the CLI', () => {
  const home = manualCluster('model', 7);
  afterAll(() => home.cleanup());

  it(`${RUNS} random command sequences agree with the model`, () => {
    let sequences = 0, total = 0, lastLog: string[] = [];
    const stats = { conflicts: 0 };
    const result = fc.check(fc.property(fc.commands(commands, { maxCommands: 25, size: 'max' }), (cmds) => {
      const real: Real = { home, ns: freshNamespace(home, sequences++), versions: new Map(), log: [] };
      const model: Model = { objects: new Map() };
      try {
        fc.modelRun(() => ({ model, real }), cmds);
      } finally {
        total += real.log.length;
        stats.conflicts += real.log.filter((l) => l.includes('(Conflict)')).length;
        lastLog = real.log;
      }
    }), { numRuns: RUNS, seed: SEED });
    console.log(`R6: ${sequences} sequences run (incl. shrinking), ${total} CLI commands, ${(total / Math.max(1, sequences)).toFixed(1)} per sequence, ${stats.conflicts} 409 Conflicts checked; failures: ${result.failed ? 1 : 0}`);
    if (result.failed) {
      console.log(`R6 shrunk counter-example: ${String(result.counterexample?.[0])}\n  ${lastLog.join('\n  ')}\n  ${String(result.errorInstance)}`);
    }
    expect(result.failed ? `${String(result.counterexample?.[0])}: ${String(result.errorInstance)}` : '').toBe('');
  });
});

describe('R6 stale resourceVersion through ApiServer.update', () => {
  it('is a 409 Conflict with apimachinery text, never a silent overwrite', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const opts = { fieldManager: 'model-test' };
    const created: KubeObject = cluster.write(() => cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data: { v: '1' } } as KubeObject, opts));
    const fresh: KubeObject = cluster.write(() => cluster.api.update({ ...created, data: { v: '2' } } as KubeObject, opts));
    let err: unknown;
    try {
      cluster.write(() => cluster.api.update({ ...created, data: { v: 'stale' } } as KubeObject, opts));
    } catch (e) { err = e; }
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).code, (err as ApiError).reason, (err as ApiError).message]).toEqual([409, 'Conflict',
      'Operation cannot be fulfilled on configmaps "cm": the object has been modified; please apply your changes to the latest version and try again']);
    const now = cluster.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'cm' });
    expect([now.data!.v, now.metadata.resourceVersion]).toEqual(['2', fresh.metadata.resourceVersion]);
    cluster.close();
  });
});
