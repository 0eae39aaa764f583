import { describe, expect, it } from 'vitest';
import { addLists, maskList, parseResourceList, prettyPrintResourceList } from './resource-list';
import { podLimits, podRequests } from './pod-resources';

describe('resource lists', () => {
  it.each([
    ['a zero sum takes the first term\'s format', { m: '0' }, { m: '600Mi' }, 'm=600Mi'],
    ['binary plus binary stays binary', { m: '600Mi' }, { m: '700Mi' }, 'm=1300Mi'],
    ['cores plus millicores', { c: '1' }, { c: '500m' }, 'c=1500m'],
    ['decimal receiver keeps decimal', { m: '1G' }, { m: '1Gi' }, 'm=2073741824'],
    ['keys of both, sorted', { b: '1' }, { a: '2' }, 'a=2,b=1'],
  ])('%s', (_name, a, b, want) => {
    expect(prettyPrintResourceList(addLists(parseResourceList(a), parseResourceList(b)))).toBe(want);
  });

  it('masks to the given names', () => {
    expect(prettyPrintResourceList(maskList(parseResourceList({ a: '1', b: '2', c: '3' }), ['c', 'a', 'z']))).toBe('a=1,c=3');
  });
});

describe('pod requests and limits', () => {
  const c = (cpu: string, extra: object = {}) => ({ name: 'x', resources: { requests: { cpu }, limits: { cpu } }, ...extra });
  it.each([
    ['containers add up', { containers: [c('1'), c('500m')] }, 'cpu=1500m'],
    ['a bigger init container wins', { containers: [c('1')], initContainers: [c('3')] }, 'cpu=3'],
    ['sidecars add to containers and to later init containers', { containers: [c('1')], initContainers: [c('500m', { restartPolicy: 'Always' }), c('2')] }, 'cpu=2500m'],
  ])('%s', (_name, spec, want) => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec };
    expect(prettyPrintResourceList(podRequests(pod))).toBe(want);
    expect(prettyPrintResourceList(podLimits(pod))).toBe(want);
  });

  it('overhead goes to every request but only to existing limits', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' },
      spec: { overhead: { cpu: '250m', memory: '120Mi' }, containers: [{ name: 'x', resources: { requests: { cpu: '1' }, limits: { cpu: '1' } } }] } };
    expect(prettyPrintResourceList(podRequests(pod, { overhead: true }))).toBe('cpu=1250m,memory=120Mi');
    expect(prettyPrintResourceList(podLimits(pod, { overhead: true }))).toBe('cpu=1250m');
    expect(prettyPrintResourceList(podRequests(pod))).toBe('cpu=1');
  });
});
