import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll, scoreAll } from '../../testing';
import {
  ERR_REASON_AFFINITY_RULES_NOT_MATCH, ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH, ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH, interPodAffinity,
} from '.';

const term = (labels: Record<string, string>, topologyKey: string) => ({ labelSelector: { matchLabels: labels }, topologyKey });
const affinity = (...t: any[]) => ({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: t } } });
const anti = (...t: any[]) => ({ affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: t } } });
const zone = 'topology.kubernetes.io/zone';
const nodes = [makeNode('a1', { labels: { [zone]: 'a' } }), makeNode('a2', { labels: { [zone]: 'a' } }), makeNode('b1', { labels: { [zone]: 'b' } })];

// Cases after upstream filtering_test.go TestRequiredAffinitySingleNode / MultipleNodes.
describe('InterPodAffinity filter', () => {
  it('affinity: only nodes in the zone of a matching pod', () => {
    const existing = [makePod('db', { nodeName: 'a1', labels: { app: 'db' } })];
    expect(filterAll(interPodAffinity, makePod('p', { spec: affinity(term({ app: 'db' }, zone)) }), nodes, existing))
      .toEqual({ a1: 'ok', a2: 'ok', b1: ERR_REASON_AFFINITY_RULES_NOT_MATCH });
  });
  it('affinity to itself with no matching pod anywhere: allowed (first pod of a group)', () => {
    const pod = makePod('p', { labels: { app: 'web' }, spec: affinity(term({ app: 'web' }, zone)) });
    expect(filterAll(interPodAffinity, pod, nodes)).toEqual({ a1: 'ok', a2: 'ok', b1: 'ok' });
  });
  it('affinity with no matching pod and not matching itself: rejected', () => {
    expect(filterAll(interPodAffinity, makePod('p', { spec: affinity(term({ app: 'db' }, zone)) }), nodes))
      .toEqual({ a1: ERR_REASON_AFFINITY_RULES_NOT_MATCH, a2: ERR_REASON_AFFINITY_RULES_NOT_MATCH, b1: ERR_REASON_AFFINITY_RULES_NOT_MATCH });
  });
  it('anti-affinity: not in the zone of a matching pod', () => {
    const existing = [makePod('w', { nodeName: 'a2', labels: { app: 'web' } })];
    expect(filterAll(interPodAffinity, makePod('p', { spec: anti(term({ app: 'web' }, zone)) }), nodes, existing))
      .toEqual({ a1: ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH, a2: ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH, b1: 'ok' });
  });
  it("existing pods' anti-affinity is symmetric", () => {
    const existing = [makePod('w', { nodeName: 'b1', labels: { app: 'x' }, spec: anti(term({ app: 'web' }, 'kubernetes.io/hostname')) })];
    expect(filterAll(interPodAffinity, makePod('p', { labels: { app: 'web' } }), nodes, existing))
      .toEqual({ a1: 'ok', a2: 'ok', b1: ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH });
  });
  it('other namespaces do not match unless listed', () => {
    const existing = [makePod('db', { nodeName: 'a1', namespace: 'other', labels: { app: 'db' } })];
    const t = { ...term({ app: 'db' }, zone) };
    expect(filterAll(interPodAffinity, makePod('p', { spec: affinity(t) }), nodes, existing).a1).toBe(ERR_REASON_AFFINITY_RULES_NOT_MATCH);
    expect(filterAll(interPodAffinity, makePod('p', { spec: affinity({ ...t, namespaces: ['other'] }) }), nodes, existing).a1).toBe('ok');
  });
});

// Cases after upstream scoring_test.go TestPreferredAffinity.
describe('InterPodAffinity score', () => {
  const pref = (kind: 'podAffinity' | 'podAntiAffinity', weight: number, t: any) =>
    ({ affinity: { [kind]: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight, podAffinityTerm: t }] } } });
  it('preferred affinity: the matching zone scores highest', () => {
    const existing = [makePod('db', { nodeName: 'b1', labels: { app: 'db' } })];
    expect(scoreAll(interPodAffinity, makePod('p', { spec: pref('podAffinity', 5, term({ app: 'db' }, zone)) }), nodes, existing))
      .toEqual({ a1: 0, a2: 0, b1: 100 });
  });
  it('preferred anti-affinity: the matching zone scores lowest', () => {
    const existing = [makePod('db', { nodeName: 'b1', labels: { app: 'db' } })];
    expect(scoreAll(interPodAffinity, makePod('p', { spec: pref('podAntiAffinity', 5, term({ app: 'db' }, zone)) }), nodes, existing))
      .toEqual({ a1: 100, a2: 100, b1: 0 });
  });
  it("existing pods' required affinity attracts matching pods (hard weight 1)", () => {
    const existing = [makePod('w', { nodeName: 'a1', spec: affinity(term({ app: 'web' }, 'kubernetes.io/hostname')) })];
    expect(scoreAll(interPodAffinity, makePod('p', { labels: { app: 'web' } }), nodes, existing)).toEqual({ a1: 100, a2: 0, b1: 0 });
  });
  it('skipped when nobody has affinity', () => {
    expect(scoreAll(interPodAffinity, makePod('p'), nodes, [makePod('x', { nodeName: 'a1' })])).toBe('skip');
  });
});

describe('InterPodAffinity queueing hints', () => {
  const [podHint, nodeHint] = interPodAffinity.eventsToRegister().map((r) => r.hint!);
  const term = (app: string) => ({ labelSelector: { matchLabels: { app } }, topologyKey: 'zone' });
  const wantsDb = makePod('p', { spec: { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('db')] } } } });
  const avoidsDb = makePod('p', { spec: { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('db')] } } } });
  const db = makePod('db', { nodeName: 'n', labels: { app: 'db' } });
  it.each([
    ['a pod its affinity wants bound', wantsDb, undefined, db, 'Queue'],
    ['another pod bound', wantsDb, undefined, makePod('x', { nodeName: 'n', labels: { app: 'x' } }), 'QueueSkip'],
    ['a pod its anti-affinity avoids deleted', avoidsDb, db, undefined, 'Queue'],
    ['an unrelated pod deleted', avoidsDb, makePod('x', { nodeName: 'n' }), undefined, 'QueueSkip'],
    ['a pod with anti-affinity of its own deleted', makePod('p'), avoidsDb, undefined, 'Queue'],
  ])('pod: %s', (_name, pod, oldPod, newPod, want) => {
    expect(podHint!(pod, oldPod, newPod)).toBe(want);
  });
  it.each([
    ['node with the terms\' topology key', wantsDb, makeNode('n', { labels: { zone: 'a' } }), 'Queue'],
    ['node without it', wantsDb, makeNode('n'), 'QueueSkip'],
    ['any node when existing pods\' anti-affinity rejected it', makePod('p'), makeNode('n'), 'Queue'],
  ])('node: %s', (_name, pod, node, want) => {
    expect(nodeHint!(pod, undefined, node)).toBe(want);
  });
});
