import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { GENERATORS, generatorSpec } from './generator-table';
import { HAS_KUBECTL, KUBECTL } from '../../../test/differential/kubectl-oracle';
import { describeWithInputs, kubectlInput } from '../../../test/helpers/required-input';

describe('GENERATORS', () => {
  const facts: [string, string, Partial<{ type: string; default: unknown; required: boolean; shorthand: string }>][] = [
    ['create deployment', 'image', { type: 'stringSlice', default: [], required: true }],
    ['create deployment', 'replicas', { type: 'int', default: 1, shorthand: 'r' }],
    ['create deployment', 'port', { type: 'int', default: -1 }],
    ['create configmap', 'from-literal', { type: 'stringArray' }],
    ['create configmap', 'from-file', { type: 'stringSlice' }],
    ['create secret docker-registry', 'docker-server', { type: 'string', default: 'https://index.docker.io/v1/' }],
    ['create cronjob', 'schedule', { required: true }],
    ['run', 'env', { type: 'stringArray' }],
    ['run', 'restart', { default: 'Always' }],
    ['run', 'pod-running-timeout', { type: 'duration', default: '1m0s' }],
    ['autoscale', 'max', { type: 'int', default: -1, required: true }],
    ['create clusterrole', 'aggregation-rule', { type: 'stringToString', default: {} }],
  ];
  it.each(facts)('%s --%s', (cmd, flag, want) => {
    expect(generatorSpec(cmd)?.flags.find((f) => f.name === flag)).toMatchObject(want);
  });
  it('has one entry per command', () => {
    expect(new Set(GENERATORS.map((g) => g.command)).size).toBe(GENERATORS.length);
  });
});

describeWithInputs('generator flags vs the live kubectl --help', [kubectlInput(HAS_KUBECTL)], () => {
  it.each(GENERATORS.map((g) => [g.command]))('%s flags match the live kubectl --help', (cmd) => {
    const help = execFileSync(KUBECTL, [...cmd.split(' '), '--help'], { encoding: 'utf8' });
    const live = [...help.matchAll(/^ {4}(?:-(\w), )?--([a-z0-9-]+)=(.*):$/gm)].map((m) => m[2]);
    expect(generatorSpec(cmd)!.flags.map((f) => f.name)).toEqual(live);
  });
});
