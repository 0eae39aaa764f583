import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { podSummary, podTable, POD_NOT_READY, POD_SCHEDULING_GATED, POD_TERMINATING, POD_UNKNOWN } from './pod';
import { T0 } from './testdata/fixtures';

const ts = (s: number) => new Date(T0.getTime() - s * 1000).toISOString();
const run = { running: {} };

function pod(o: { containers?: number; init?: Array<{ name: string; restartPolicy?: string }>; status?: object; deleting?: boolean; spec?: object }): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'p', creationTimestamp: ts(60), ...(o.deleting ? { deletionTimestamp: ts(1) } : {}) },
    spec: { containers: Array.from({ length: o.containers ?? 1 }, (_, i) => ({ name: `c${i}` })), initContainers: o.init, ...o.spec },
    status: { phase: 'Running', ...o.status },
  };
}

const cases: Array<{ name: string; pod: KubeObject; want: [string, string, string] }> = [
  { name: 'status.reason overrides phase', pod: pod({ status: { phase: 'Failed', reason: 'Evicted' } }), want: ['0/1', 'Evicted', '0'] },
  { name: 'scheduling gates', pod: pod({ status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } }),
    want: ['0/1', POD_SCHEDULING_GATED, '0'] },
  { name: 'init container failed with a reason', pod: pod({ init: [{ name: 'i' }],
    status: { phase: 'Pending', initContainerStatuses: [{ name: 'i', restartCount: 2, state: { terminated: { exitCode: 1, reason: 'Error' } } }] } }),
    want: ['0/1', 'Init:Error', '2'] },
  { name: 'init container killed by a signal', pod: pod({ init: [{ name: 'i' }],
    status: { initContainerStatuses: [{ name: 'i', state: { terminated: { exitCode: 137, signal: 9 } } }] } }), want: ['0/1', 'Init:Signal:9', '0'] },
  { name: 'init container exit code without reason', pod: pod({ init: [{ name: 'i' }],
    status: { initContainerStatuses: [{ name: 'i', state: { terminated: { exitCode: 3 } } }] } }), want: ['0/1', 'Init:ExitCode:3', '0'] },
  { name: 'init container crash looping', pod: pod({ init: [{ name: 'i' }],
    status: { initContainerStatuses: [{ name: 'i', state: { waiting: { reason: 'CrashLoopBackOff' } } }] } }), want: ['0/1', 'Init:CrashLoopBackOff', '0'] },
  { name: 'second of two init containers running', pod: pod({ init: [{ name: 'a' }, { name: 'b' }],
    status: { initContainerStatuses: [{ name: 'a', state: { terminated: { exitCode: 0, reason: 'Completed' } } }, { name: 'b', state: run }] } }),
    want: ['0/1', 'Init:1/2', '0'] },
  { name: 'started sidecar counts as ready and the pod runs', pod: pod({ init: [{ name: 's', restartPolicy: 'Always' }],
    status: { initContainerStatuses: [{ name: 's', started: true, ready: true, restartCount: 1, state: run,
      lastState: { terminated: { finishedAt: ts(30) } } }],
    containerStatuses: [{ name: 'c0', ready: true, state: run }] } }),
    want: ['2/2', 'Running', '1 (30s ago)'] },
  { name: 'restarts of finished init containers are forgotten', pod: pod({ init: [{ name: 'i' }],
    status: { initContainerStatuses: [{ name: 'i', restartCount: 3, state: { terminated: { exitCode: 0 } } }],
      containerStatuses: [{ name: 'c0', ready: true, restartCount: 1, state: run }] } }), want: ['1/1', 'Running', '1'] },
  { name: 'first container with a reason wins', pod: pod({ containers: 2,
    status: { containerStatuses: [{ name: 'c0', state: { waiting: { reason: 'ErrImagePull' } } }, { name: 'c1', state: { terminated: { exitCode: 1, reason: 'Error' } } }] } }),
    want: ['0/2', 'ErrImagePull', '0'] },
  { name: 'terminated without reason prints Signal', pod: pod({ status: { containerStatuses: [{ name: 'c0', state: { terminated: { exitCode: 137, signal: 9 } } }] } }),
    want: ['0/1', 'Signal:9', '0'] },
  { name: 'terminated without reason prints ExitCode', pod: pod({ status: { containerStatuses: [{ name: 'c0', state: { terminated: { exitCode: 2 } } }] } }),
    want: ['0/1', 'ExitCode:2', '0'] },
  { name: 'completed beside running, pod not Ready', pod: pod({ containers: 2, status: { containerStatuses: [
    { name: 'c0', state: { terminated: { exitCode: 0, reason: 'Completed' } } }, { name: 'c1', ready: true, state: run }] } }),
    want: ['1/2', POD_NOT_READY, '0'] },
  { name: 'completed beside running, pod Ready', pod: pod({ containers: 2, status: { conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [
    { name: 'c0', state: { terminated: { exitCode: 0, reason: 'Completed' } } }, { name: 'c1', ready: true, state: run }] } }),
    want: ['1/2', 'Running', '0'] },
  { name: 'deleting a running pod', pod: pod({ deleting: true, status: { containerStatuses: [{ name: 'c0', ready: true, state: run }] } }),
    want: ['1/1', POD_TERMINATING, '0'] },
  { name: 'deleting a pod on a lost node', pod: pod({ deleting: true, status: { reason: 'NodeLost' } }), want: ['0/1', POD_UNKNOWN, '0'] },
  { name: 'deleting a finished pod keeps its reason', pod: pod({ deleting: true, status: { phase: 'Succeeded',
    containerStatuses: [{ name: 'c0', state: { terminated: { exitCode: 0, reason: 'Completed' } } }] } }), want: ['0/1', 'Completed', '0'] },
  { name: 'restarts without a finish time print the bare number', pod: pod({ status: { containerStatuses: [{ name: 'c0', ready: true, restartCount: 5, state: run }] } }),
    want: ['1/1', 'Running', '5'] },
  { name: 'latest finish time across containers is used', pod: pod({ containers: 2, status: { containerStatuses: [
    { name: 'c0', ready: true, restartCount: 1, state: run, lastState: { terminated: { finishedAt: ts(3 * 3600 + 300) } } },
    { name: 'c1', ready: true, restartCount: 2, state: run, lastState: { terminated: { finishedAt: ts(185) } } }] } }),
    want: ['2/2', 'Running', '3 (3m5s ago)'] },
];

describe('podSummary', () => {
  for (const tc of cases) {
    it(tc.name, () => {
      const s = podSummary(tc.pod, T0);
      expect([s.ready, s.status, s.restarts]).toEqual(tc.want);
    });
  }
});

describe('pod wide cells', () => {
  it('readiness gates count the True conditions', () => {
    const p = pod({ spec: { readinessGates: [{ conditionType: 'a' }, { conditionType: 'b' }], nodeName: 'n1' },
      status: { podIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }], nominatedNodeName: 'n2',
        conditions: [{ type: 'a', status: 'True' }, { type: 'b', status: 'False' }] } });
    expect(podTable.cells(p, { now: T0 }).slice(5)).toEqual(['10.0.0.1', 'n1', 'n2', '1/2']);
  });
  it('unset wide fields print <none>', () => {
    expect(podTable.cells(pod({}), { now: T0 }).slice(5)).toEqual(['<none>', '<none>', '<none>', '<none>']);
  });
});
