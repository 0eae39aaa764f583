import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { builtinRegistry } from '../../api/registry';
import { convertToApiVersion } from './convert';
import { eventFromCore, eventToCore } from './events-v1';

const CORE_EVENTS = builtinRegistry.forStorageKind('Event')!;
const core = {
  apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.1', namespace: 'default' },
  involvedObject: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'default', uid: 'u' },
  reason: 'ScalingReplicaSet', message: 'Scaled up replica set web-1 from 0 to 2', source: { component: 'deployment-controller' },
  firstTimestamp: '2026-01-01T00:00:00Z', lastTimestamp: '2026-01-01T00:01:00Z', count: 2, type: 'Normal',
  eventTime: null, reportingComponent: 'deployment-controller', reportingInstance: '',
} as unknown as KubeObject;

describe('events.k8s.io/v1 Events', () => {
  it('are the core Event with the fields renamed, omitempty fields left out', () => {
    expect(eventFromCore(core)).toEqual({
      apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: core.metadata, eventTime: null,
      reportingController: 'deployment-controller', reason: 'ScalingReplicaSet', regarding: (core as any).involvedObject,
      note: 'Scaled up replica set web-1 from 0 to 2', type: 'Normal', deprecatedSource: { component: 'deployment-controller' },
      deprecatedFirstTimestamp: '2026-01-01T00:00:00Z', deprecatedLastTimestamp: '2026-01-01T00:01:00Z', deprecatedCount: 2,
    });
  });

  it('convert back to the core Event they came from', () => {
    expect(eventToCore(eventFromCore(core))).toEqual(core);
    expect(convertToApiVersion(convertToApiVersion(core, CORE_EVENTS, 'events.k8s.io/v1'), CORE_EVENTS, 'v1')).toEqual(core);
  });

  it('written through events.k8s.io keep a series, and a missing source is an empty one', () => {
    const written = { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'e' }, eventTime: '2026-01-01T00:00:00.000000Z',
      series: { count: 3, lastObservedTime: '2026-01-01T00:02:00.000000Z' }, reportingController: 'c', reportingInstance: 'i', action: 'A', reason: 'R', regarding: { kind: 'Pod', name: 'p' }, note: 'n', type: 'Normal' } as unknown as KubeObject;
    expect(eventToCore(written)).toEqual({
      apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p' }, reason: 'R', message: 'n',
      source: {}, firstTimestamp: null, lastTimestamp: null, type: 'Normal', eventTime: '2026-01-01T00:00:00.000000Z',
      series: { count: 3, lastObservedTime: '2026-01-01T00:02:00.000000Z' }, action: 'A', reportingComponent: 'c', reportingInstance: 'i',
    });
  });
});
