import { describe, expect, it } from 'vitest';
import { ConfigError, parseSchedulerConfiguration } from './config';
import { defaultProfile } from './plugins/registry';

const doc = (profile: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  ({ apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', ...top, profiles: [profile] });

describe('parseSchedulerConfiguration', () => {
  it.each([
    ['MostAllocated', doc({ pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }] }),
      { nodeResourcesFit: { scoringStrategy: { type: 'MostAllocated' } } }],
    ['percentage and scheduler name', doc({ schedulerName: 'packer' }, { percentageOfNodesToScore: 50 }), { percentageOfNodesToScore: 50, schedulerName: 'packer' }],
    ['disabled plugins and weights', doc({ plugins: { score: { disabled: [{ name: 'ImageLocality' }], enabled: [{ name: 'NodeResourcesFit', weight: 5 }] } } }),
      { disabled: ['ImageLocality'], enabled: ['NodeResourcesFit'], weights: { NodeResourcesFit: 5 } }],
  ])('%s', (_n, input, want) => {
    expect(parseSchedulerConfiguration(input)).toEqual(want);
  });

  it.each([
    ['wrong kind', { apiVersion: 'v1', kind: 'ConfigMap' }, 'no kind "ConfigMap" is registered for version "v1": expected KubeSchedulerConfiguration kubescheduler.config.k8s.io/v1'],
    ['percentage out of range', doc({}, { percentageOfNodesToScore: 120 }), 'percentageOfNodesToScore: Invalid value: 120: not in valid range [0-100]'],
    ['unknown plugin', doc({ plugins: { filter: { disabled: [{ name: 'Nope' }] } } }), 'profiles[0].plugins.filter.disabled[0].name: Invalid value: "Nope": unknown plugin'],
  ])('rejects %s', (_n, input, message) => {
    expect(() => parseSchedulerConfiguration(input)).toThrow(new ConfigError(message));
  });

  it('builds profiles from the parsed configuration', () => {
    const p = defaultProfile(parseSchedulerConfiguration(doc({
      pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }],
      plugins: { multiPoint: { disabled: [{ name: 'ImageLocality' }] }, score: { enabled: [{ name: 'NodeResourcesFit', weight: 5 }] } },
    })));
    expect(p.scores.map((s) => `${s.plugin.name}:${s.weight}`)).toEqual([
      'TaintToleration:3', 'NodeAffinity:2', 'NodeResourcesFit:5', 'PodTopologySpread:2', 'InterPodAffinity:2', 'NodeResourcesBalancedAllocation:1',
    ]);
    expect((p.scores[2]!.plugin as any).scoringStrategy).toBe('MostAllocated');
  });
});
