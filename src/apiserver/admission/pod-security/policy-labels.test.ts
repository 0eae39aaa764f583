import { describe, expect, it } from 'vitest';
import { policyOf } from './policy-labels';

const labels = (kv: Record<string, string>) => Object.fromEntries(Object.entries(kv).map(([k, v]) => [`pod-security.kubernetes.io/${k}`, v]));
const lv = (s: string) => { const [level, version] = s.split(':'); return { level, version }; };
const P = 'privileged:latest';

// The cases of upstream's TestPolicyToEvaluate (pod-security-admission/api), as [enforce, warn, audit].
describe('policyOf reads namespace labels as PolicyToEvaluate does', () => {
  it.each([
    ['simple enforce', { enforce: 'baseline' }, ['baseline:latest', 'baseline:latest', P], false],
    ['simple warn', { warn: 'restricted' }, [P, 'restricted:latest', P], false],
    ['simple audit', { audit: 'baseline' }, [P, P, 'baseline:latest'], false],
    ['enforce & warn', { enforce: 'baseline', warn: 'restricted' }, ['baseline:latest', 'restricted:latest', P], false],
    ['enforce version', { enforce: 'baseline', 'enforce-version': 'v1.22' }, ['baseline:v1.22', 'baseline:v1.22', P], false],
    ['enforce version & warn-version', { enforce: 'baseline', 'enforce-version': 'v1.22', 'warn-version': 'latest' }, ['baseline:v1.22', 'baseline:latest', P], false],
    ['enforce & warn-version', { enforce: 'baseline', 'warn-version': 'v1.23' }, ['baseline:latest', 'baseline:v1.23', P], false],
    ['enforce no warn', { enforce: 'baseline', warn: 'privileged' }, ['baseline:latest', P, P], false],
    ['enforce warn error', { enforce: 'baseline', warn: 'foo' }, ['baseline:latest', P, P], true],
    ['enforce error', { enforce: 'foo' }, ['restricted:latest', P, P], true],
  ] as const)('%s', (_name, kv, [enforce, warn, audit], hasError) => {
    const { policy, errors } = policyOf(labels(kv));
    expect(policy).toEqual({ enforce: lv(enforce), warn: lv(warn), audit: lv(audit) });
    expect(errors.length > 0).toBe(hasError);
  });
});
