import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { parseSourceRange, sourceRangeContains } from '../../api/load-balancer-source-ranges';
import { strategyFor } from './index';

const run = (o: KubeObject) => { const s = strategyFor(o.kind); s.defaults(o); s.prepareForCreate?.(o); return s.validate(o).map((c) => `${c.field}: ${c.message}`); };
const svc = (spec: any, annotations?: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec: { ports: [{ port: 80 }], ...spec } });
const NOT_CIDRS = 'must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 ';
const LB_ONLY = "Forbidden: may only be used when `type` is 'LoadBalancer'";
const ANNOTATION = 'service.beta.kubernetes.io/load-balancer-source-ranges';

// ValidateService (v1.32): the whole list is the value (Go's %v), under the historical capital field name.
describe('loadBalancerSourceRanges validation', () => {
  it.each<[string, KubeObject, string[]]>([
    ['LoadBalancer with CIDRs (space-padded, IPv6, leading zeros)', svc({ type: 'LoadBalancer', loadBalancerSourceRanges: [' 203.0.113.0/25', '2001:db8::/64', '010.0.0.0/8'] }), []],
    ['not a LoadBalancer', svc({ type: 'NodePort', loadBalancerSourceRanges: ['10.0.0.0/8'] }), [`spec.LoadBalancerSourceRanges: ${LB_ONLY}`]],
    ['a bare address', svc({ type: 'LoadBalancer', loadBalancerSourceRanges: ['10.0.0.0/8', '1.2.3.4'] }),
      [`spec.LoadBalancerSourceRanges: Invalid value: "[10.0.0.0/8 1.2.3.4]": ${NOT_CIDRS}`]],
    ['both', svc({ loadBalancerSourceRanges: ['10.0.0.0/33'] }),
      [`spec.LoadBalancerSourceRanges: ${LB_ONLY}`, `spec.LoadBalancerSourceRanges: Invalid value: "[10.0.0.0/33]": ${NOT_CIDRS}`]],
    ['the annotation', svc({ type: 'LoadBalancer' }, { [ANNOTATION]: '10.0.0.0/8, foo' }),
      [`metadata.annotations[${ANNOTATION}]: Invalid value: "10.0.0.0/8, foo": ${NOT_CIDRS}`]],
    ['the annotation on a ClusterIP Service', svc({}, { [ANNOTATION]: '10.0.0.0/8' }), [`metadata.annotations[${ANNOTATION}]: ${LB_ONLY}`]],
    ['the field wins over the annotation', svc({ type: 'LoadBalancer', loadBalancerSourceRanges: ['10.0.0.0/8'] }, { [ANNOTATION]: 'foo' }), []],
  ])('%s', (_, o, want) => expect(run(o)).toEqual(want));
});

describe('source range parsing', () => {
  it('clears host bits and matches addresses by prefix', () => {
    expect(parseSourceRange('203.0.113.7/25')?.text).toBe('203.0.113.0/25');
    expect(parseSourceRange('2001:db8:0:0:1::/64')?.text).toBe('2001:db8::/64');
    const r = parseSourceRange('203.0.113.0/25')!;
    expect([sourceRangeContains(r, '203.0.113.2'), sourceRangeContains(r, '203.0.113.130')]).toEqual([true, false]);
    expect(parseSourceRange('10.0.0.0')).toBeUndefined();
  });
});
