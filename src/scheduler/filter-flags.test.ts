import { describe, expect, it } from 'vitest';
import type { FilterPlugin, PreFilterPlugin } from './framework';
import { PLUGINS } from './plugins/registry';
import { cycle, makeNode, makePod } from './testing';

// filterFlags' contract: on a node with none of the flags a plugin names for a pod, its filter
// passes that pod — so scheduleOne may leave the call out and reach the same verdicts.
const nodes = [
  makeNode('plain'),
  makeNode('cordoned', { unschedulable: true }),
  makeNode('no-schedule', { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] }),
  makeNode('no-execute', { taints: [{ key: 'k', effect: 'NoExecute' }] }),
  makeNode('prefer', { taints: [{ key: 'k', value: 'v', effect: 'PreferNoSchedule' }] }),
  makeNode('images', { images: [{ names: ['registry.k8s.io/pause:3.10'], sizeBytes: 700_000 }] }),
  makeNode('full', { cpu: '100m', pods: 1 }),
];
const pods = [
  makePod('plain', { requests: { cpu: '100m', memory: '128Mi' } }),
  makePod('named', { nodeName: 'plain' }),
  makePod('named-other', { nodeName: 'elsewhere' }),
  makePod('tolerates-all', { spec: { tolerations: [{ operator: 'Exists' }] } }),
  makePod('tolerates-cordon', { spec: { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] } }),
  makePod('tolerates-k', { spec: { tolerations: [{ key: 'k', operator: 'Equal', value: 'v' }] } }),
  makePod('big', { requests: { cpu: '8' } }),
];

describe('filterFlags', () => {
  const withFlags = [...PLUGINS.values()].filter((p): p is FilterPlugin => typeof (p as FilterPlugin).filterFlags === 'function');
  it('is offered by the cheap node-flag filters', () => {
    expect(withFlags.map((p) => p.name).sort()).toEqual(['NodeName', 'NodeUnschedulable', 'TaintToleration']);
  });
  for (const plugin of withFlags) {
    it(`${plugin.name}: a node without the named flags passes`, () => {
      let skipped = 0;
      for (const pod of pods) {
        const { state } = cycle(pod, nodes);
        const pre = (plugin as Partial<PreFilterPlugin>).preFilter?.(state, pod);
        if (pre?.status.code === 'Skip') continue;
        const m = plugin.filterFlags!(state, pod);
        for (const n of state.snapshot.nodeInfos) {
          const verdict = plugin.filter(state, pod, n).code;
          if (m !== undefined && (n.figures.flags[n.slot]! & m) === 0) { skipped++; expect(`${pod.metadata.name}@${n.name}: ${verdict}`).toBe(`${pod.metadata.name}@${n.name}: Success`); }
        }
      }
      expect(skipped).toBeGreaterThan(0);
    });
  }
});
