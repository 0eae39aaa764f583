/**
 * Golden input/output pairs for each container stage, kwok's stage_test.go habit: a pod, one
 * container's status, the kubelet's record of it and the clock in testdata/stages/<stage>.input.yaml;
 * which stages match, the one the engine picks and when, and the status, record and Events it
 * leaves in <stage>.output.yaml (regenerate with `vitest -u` and read the diff).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import type { KubeObject } from '../api/meta';
import { toYaml } from '../yaml/write-yaml';
import type { ContainerSlot, SyncEnv } from './container-sync';
import { imageIDOf } from './container-sync';
import { imageInfo, normalizeImage } from './images';
import type { ContainerRecord } from './kubelet-record';
import { dueStage } from './next-stage';
import { stageInput } from './stage';
import { CONTAINER_STAGES } from './stages';

const DIR = path.join(__dirname, 'testdata', 'stages');

/** TIME_KEYS are the record's times: ISO in the files, ms in the record. */
const TIME_KEYS = new Set(['at', 'lastUpdateMs', 'killNoticeAt', 'postStartKillAt', 'startup', 'liveness', 'readiness']);

function mapTimes(v: unknown, f: (x: unknown) => unknown, key = ''): unknown {
  if (Array.isArray(v)) return v.map((x) => mapTimes(x, f));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapTimes(x, f, k)]));
  return TIME_KEYS.has(key) ? f(v) : v;
}

/** isoMs shows a time to the millisecond (stage delays are not whole seconds). */
const isoMs = (ms: number) => new Date(ms).toISOString();

interface StageCase {
  stage: string;
  now: string;
  nodeImages?: string[];
  pod: KubeObject;
  container: Record<string, any>;
  record: ContainerRecord;
}

describe('kubelet container stages (golden)', () => {
  const cluster = newTestCluster({}, { warmup: false });
  afterAll(() => cluster.store.close());
  const cases = fs.readdirSync(DIR).filter((f) => f.endsWith('.input.yaml')).sort();

  it('has a golden pair for every stage', () => {
    expect(cases.map((f) => f.replace('.input.yaml', ''))).toEqual(CONTAINER_STAGES.map((s) => s.name).sort());
  });

  for (const file of cases) {
    const name = file.replace('.input.yaml', '');
    it(name, async () => {
      const input = load(fs.readFileSync(path.join(DIR, file), 'utf8'), { schema: CORE_SCHEMA }) as StageCase;
      expect(input.stage).toBe(name);
      const now = Date.parse(input.now);
      const status = structuredClone(input.container);
      const record = mapTimes(input.record, (x) => Date.parse(String(x))) as ContainerRecord;
      const pod: KubeObject = { ...input.pod, apiVersion: 'v1', kind: 'Pod', status: { ...input.pod.status, containerStatuses: [status] } };
      const node: KubeObject = {
        apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker01' },
        status: { images: (input.nodeImages ?? []).map((i) => ({ names: [imageIDOf(i), normalizeImage(i)], sizeBytes: imageInfo(i).sizeBytes })) },
      };
      const events: string[] = [];
      let ids = 0;
      const env: SyncEnv = {
        pod, node, api: cluster.api, now,
        emit: (fieldPath, type, reason, message) => { events.push(`${type} ${reason} ${fieldPath}: ${message}`); },
        record: () => record,
        onStart: () => { pod.status.podIP ??= '10.244.1.5'; return pod.status.podIP; },
        onPulled: (image) => { events.push(`(node lists ${image})`); },
        containerID: () => `containerd://${String(++ids).padStart(4, '0')}`,
        started: new Map(),
      };
      const spec = (pod.spec.containers as { name: string }[]).find((c) => c.name === status.name)!;
      const slot: ContainerSlot = { spec, status, init: false, sidecar: false, beginAt: Date.parse(pod.status.startTime) };
      const view = stageInput(env, slot);
      const matched = CONTAINER_STAGES.filter((s) => s.selector(view)).map((s) => s.name);
      const due = dueStage(env, slot);
      expect(due?.stage.name).toBe(name);
      due!.stage.next(due!.input, due!.at);
      const out = {
        stage: name,
        matched,
        at: isoMs(due!.at),
        status,
        record: mapTimes(record, (x) => (typeof x === 'number' ? isoMs(x) : x)),
        events,
      };
      await expect(toYaml(out)).toMatchFileSnapshot(path.join(DIR, `${name}.output.yaml`));
    });
  }
});
