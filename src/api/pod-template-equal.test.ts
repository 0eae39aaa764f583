import { describe, expect, it } from 'vitest';
import { sameTemplate } from './pod-template-equal';

describe('sameTemplate', () => {
  const t = (metadata: Record<string, unknown> | undefined, image = 'nginx') => ({ ...(metadata ? { metadata } : {}), spec: { containers: [{ name: 'c', image }] } });

  it('takes a zero creationTimestamp, null or absent, and an empty labels map for no difference', () => {
    expect(sameTemplate(t({ creationTimestamp: null, labels: { app: 'a' } }), t({ labels: { app: 'a' } }))).toBe(true);
    expect(sameTemplate(t({ creationTimestamp: null }), t(undefined))).toBe(true);
    expect(sameTemplate(t({ labels: {} }), t({}))).toBe(true);
    expect(sameTemplate(t({ labels: { app: 'a' } }), t({ labels: { app: 'b' } }))).toBe(false);
    expect(sameTemplate(t({}), t({}, 'redis'))).toBe(false);
  });

  it('leaves out the label it is told to ignore (EqualIgnoreHash)', () => {
    const rs = t({ creationTimestamp: null, labels: { app: 'a', 'pod-template-hash': '5d8f' } });
    expect(sameTemplate(rs, t({ labels: { app: 'a' } }), 'pod-template-hash')).toBe(true);
    expect(sameTemplate(rs, t({ labels: { app: 'a' } }))).toBe(false);
  });
});
