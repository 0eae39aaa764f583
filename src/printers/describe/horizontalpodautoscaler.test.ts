import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { describeHorizontalPodAutoscaler } from './horizontalpodautoscaler';
import { makeCtx } from './test-helpers';

const NOW = new Date('2026-11-30T01:26:46Z');

describe('describeHorizontalPodAutoscaler (kubectl describeHorizontalPodAutoscalerV2)', () => {
  it('prints every metric source with its observed value, and the conditions', () => {
    const hpa: KubeObject = {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'api', namespace: 'default', creationTimestamp: '2026-11-30T01:00:00Z' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'api' }, maxReplicas: 10,
        metrics: [
          { type: 'External', external: { metric: { name: 'queue_messages' }, target: { type: 'AverageValue', averageValue: '30' } } },
          { type: 'Object', object: { metric: { name: 'requests-per-second' }, describedObject: { kind: 'Ingress', name: 'main-route' }, target: { type: 'Value', value: '10k' } } },
          { type: 'ContainerResource', containerResource: { name: 'memory', container: 'app', target: { type: 'Utilization', averageUtilization: 60 } } },
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '500m' } } },
        ],
      },
      status: {
        currentReplicas: 3, desiredReplicas: 4,
        currentMetrics: [
          { type: 'External', external: { metric: { name: 'queue_messages' }, current: { averageValue: '25' } } },
          { type: 'Object', object: { metric: { name: 'requests-per-second' }, current: { value: '2000' } } },
          { type: 'ContainerResource', containerResource: { name: 'memory', container: 'app', current: { averageUtilization: 45, averageValue: '104857600' } } },
        ],
        conditions: [{ type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' }],
      },
    };
    // One column block from Name: to StatefulSet pods:; its width is the widest first cell + 2.
    const keys: [string, string][] = [
      ['Name:', 'api'], ['Namespace:', 'default'], ['Labels:', '<none>'], ['Annotations:', '<none>'],
      ['CreationTimestamp:', 'Mon, 30 Nov 2026 01:00:00 +0000'], ['Reference:', 'StatefulSet/api'], ['Metrics:', '( current / target )'],
      ['  "queue_messages" (target average value):', '25 / 30'],
      ['  "requests-per-second" on Ingress/main-route (target value):', '2k / 10k'],
      ['  resource memory of container "app" on pods  (as a percentage of request):', '45% (104857600) / 60%'],
      ['  resource cpu on pods:', '<unknown> / 500m'],
      ['Min replicas:', '<unset>'], ['Max replicas:', '10'], ['StatefulSet pods:', '3 current / 4 desired'],
    ];
    const width = Math.max(...keys.map(([k]) => k.length)) + 2;
    expect(describeHorizontalPodAutoscaler(hpa, makeCtx(NOW))).toBe([
      ...keys.map(([k, v]) => k.padEnd(width) + v),
      'Conditions:',
      '  Type         Status  Reason            Message',
      '  ----         ------  ------            -------',
      '  AbleToScale  True    ReadyForNewScale  recommended size matches current size',
      'Events:        <none>',
      '',
    ].join('\n'));
  });
});
