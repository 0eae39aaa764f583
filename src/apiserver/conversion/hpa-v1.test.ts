import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { builtinRegistry } from '../../api/registry';
import { convertToApiVersion } from './convert';
import { BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION, METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, hpaToV1, hpaToV2 } from './hpa-v1';

const HPA = builtinRegistry.forKind('autoscaling/v2', 'HorizontalPodAutoscaler');
const meta = { name: 'web', namespace: 'default' };
const target = { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' };

const v1: KubeObject = {
  apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { ...meta, annotations: { team: 'a' } },
  spec: { scaleTargetRef: target, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 80 },
  status: { observedGeneration: 3, currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 91 },
};

const rich: KubeObject = {
  apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { ...meta },
  spec: {
    scaleTargetRef: target, minReplicas: 1, maxReplicas: 9,
    metrics: [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      { type: 'Pods', pods: { metric: { name: 'qps', selector: { matchLabels: { b: '2', a: '1' } } }, target: { type: 'AverageValue', averageValue: '1k' } } },
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
      { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '30' } } },
    ],
    behavior: {
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] },
      scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Min', policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] },
    },
  },
  status: {
    currentReplicas: 2, desiredReplicas: 2,
    currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '120m', averageUtilization: 60 } } }],
    conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'ReadyForNewScale', message: "the HPA's target <ok>" }],
  },
};

describe('HorizontalPodAutoscaler autoscaling/v1 ⇄ autoscaling/v2', () => {
  it('turns the v1 CPU target and status into v2 metrics', () => {
    const v2 = hpaToV2(v1);
    expect(v2.apiVersion).toBe('autoscaling/v2');
    expect(v2.spec).toEqual({ scaleTargetRef: target, minReplicas: 2, maxReplicas: 5,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }] });
    expect(v2.status).toEqual({ observedGeneration: 3, currentReplicas: 2, desiredReplicas: 3,
      currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 91 } } }] });
  });

  it('gives a v1 object without a CPU target the default 80%', () => {
    const v2 = hpaToV2({ ...v1, spec: { scaleTargetRef: target, maxReplicas: 3 } });
    expect(v2.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  });

  it('round-trips v1 → v2 → v1 unchanged', () => {
    const { currentCPUUtilizationPercentage: _cpu, ...status } = v1.status;
    const plain = { ...v1, status };
    expect(hpaToV1(hpaToV2(plain))).toEqual(plain);
    expect(convertToApiVersion(convertToApiVersion(plain, HPA, 'autoscaling/v2'), HPA, 'autoscaling/v1')).toEqual(plain);
    // A current CPU figure comes back too, and (as upstream) its raw status rides along in an annotation.
    const back = hpaToV1(hpaToV2(v1));
    expect({ spec: back.spec, status: back.status }).toEqual({ spec: v1.spec, status: v1.status });
    expect(back.metadata.annotations).toEqual({ team: 'a',
      [METRIC_STATUSES_ANNOTATION]: '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":91,"currentAverageValue":"0"}}]' });
  });

  it('carries v2-only fields in annotations, as Go marshals them', () => {
    const out = hpaToV1(rich);
    expect(out.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 9, targetCPUUtilizationPercentage: 70 });
    expect(out.status).toEqual({ currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 60 });
    const ann = out.metadata.annotations!;
    expect(ann[METRIC_SPECS_ANNOTATION]).toBe('[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"1k","selector":{"matchLabels":{"a":"1","b":"2"}}}},'
      + '{"type":"Resource","resource":{"name":"memory","targetAverageValue":"100Mi"}},'
      + '{"type":"External","external":{"metricName":"queue","targetValue":"30"}}]');
    expect(ann[METRIC_STATUSES_ANNOTATION]).toBe('[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":60,"currentAverageValue":"120m"}}]');
    expect(ann[CONDITIONS_ANNOTATION]).toBe('[{"type":"AbleToScale","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z","reason":"ReadyForNewScale","message":"the HPA\'s target \\u003cok\\u003e"}]');
    expect(ann[BEHAVIOR_ANNOTATION]).toBe('{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}]},'
      + '"ScaleDown":{"StabilizationWindowSeconds":300,"SelectPolicy":"Min","Policies":[{"Type":"Percent","Value":50,"PeriodSeconds":60}]}}');
  });

  it('brings v2-only fields back from a v1 round trip (annotation metrics first, the CPU target last)', () => {
    const back = hpaToV2(hpaToV1(rich));
    const [cpu, ...others] = rich.spec.metrics;
    expect(back.spec).toEqual({ ...rich.spec, metrics: [...others, cpu] });
    expect(back.status).toEqual(rich.status);
    expect(back.metadata).toEqual(rich.metadata);
  });

  it('never lets a v2 object keep or serve the round-trip annotations', () => {
    const withStale = { ...rich, metadata: { ...meta, annotations: { [METRIC_SPECS_ANNOTATION]: '[]', keep: 'me' } } };
    expect(convertToApiVersion(withStale, HPA, 'autoscaling/v2').metadata.annotations).toEqual({ keep: 'me' });
    // A v1 reader sees only what this conversion produced.
    const v1Out = convertToApiVersion({ ...withStale, spec: { ...rich.spec, metrics: [rich.spec.metrics[0]], behavior: undefined }, status: undefined }, HPA, 'autoscaling/v1');
    expect(v1Out.metadata.annotations).toEqual({ keep: 'me' });
  });

  it('reads the behavior annotation with any key case, as encoding/json does', () => {
    const sent = { ...v1, metadata: { ...meta, annotations: { [BEHAVIOR_ANNOTATION]: '{"scaleDown":{"selectpolicy":"Min"}}' } } };
    expect(hpaToV2(sent).spec.behavior).toEqual({ scaleDown: { selectPolicy: 'Min' } });
    expect(hpaToV2(sent).metadata.annotations).toBeUndefined();
  });
});
