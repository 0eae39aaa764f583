import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { Action, eventMatches, nodeSchedulingPropertiesChange } from './cluster-event';
import { makeNode } from './testing';

describe('nodeSchedulingPropertiesChange', () => {
  const base = (): KubeObject => {
    const n = makeNode('n1');
    n.status!.conditions = [{ type: 'Ready', status: 'True', lastHeartbeatTime: '2026-01-01T00:00:00Z' }];
    return n;
  };
  const change = (edit: (n: any) => void) => { const n = base(); edit(n); return nodeSchedulingPropertiesChange(base(), n); };
  it.each([
    ['a heartbeat (condition timestamps only)', (n: any) => { n.status.conditions[0].lastHeartbeatTime = '2026-01-01T00:05:00Z'; }, 0],
    ['a label', (n: any) => { n.metadata.labels.disk = 'ssd'; }, Action.UpdateNodeLabel],
    ['a taint', (n: any) => { n.spec.taints = [{ key: 'k', effect: 'NoSchedule' }]; }, Action.UpdateNodeTaint],
    ['cordon counts as a taint change', (n: any) => { n.spec.unschedulable = true; }, Action.UpdateNodeTaint],
    ['allocatable', (n: any) => { n.status.allocatable.cpu = '8'; }, Action.UpdateNodeAllocatable],
    ['a condition status', (n: any) => { n.status.conditions[0].status = 'False'; }, Action.UpdateNodeCondition],
    ['an annotation', (n: any) => { n.metadata.annotations = { a: 'b' }; }, Action.UpdateNodeAnnotation],
    ['labels and allocatable', (n: any) => { n.metadata.labels.x = 'y'; n.status.allocatable.memory = '1Gi'; }, Action.UpdateNodeLabel | Action.UpdateNodeAllocatable],
  ])('%s', (_name, edit, want) => {
    expect(change(edit)).toBe(want);
  });
});

describe('eventMatches', () => {
  it.each([
    [{ resource: 'Node', actionType: Action.Add | Action.UpdateNodeLabel }, { resource: 'Node', actionType: Action.UpdateNodeLabel }, true],
    [{ resource: 'Node', actionType: Action.Add }, { resource: 'Node', actionType: Action.UpdateNodeTaint }, false],
    [{ resource: 'Pod', actionType: Action.Delete }, { resource: 'Node', actionType: Action.Delete }, false],
    [{ resource: 'PersistentVolumeClaim', actionType: Action.Update }, { resource: 'PersistentVolumeClaim', actionType: Action.Update }, true],
  ] as const)('%o covers %o: %s', (registered, event, want) => {
    expect(eventMatches(registered, event)).toBe(want);
  });
});
