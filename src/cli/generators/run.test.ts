import { describe, expect, it } from 'vitest';
import { GeneratorError, REQUIRED_FLAG_NOT_SET } from './generator-error';
import {
  DRY_RUN_WITH_ATTACH, EXPOSE_NEEDS_PORT, INVALID_ENV, INVALID_IMAGE_NAME, INVALID_PULL_POLICY, INVALID_RESTART_POLICY,
  NAME_REQUIRED_FOR_RUN, RM_NEEDS_ATTACH, run, type RunOptions, TTY_NEEDS_STDIN, IMAGE_REQUIRED } from './run';
import { expectSameAsKubectl } from './oracle.test-helper';

// `kubectl run --dry-run=client` needs a server's REST mapping, so the oracle here is the
// captured output in the shared reference kubectl-generators.md §2 (converted to JSON key order).
const pod = (name: string, labels: Record<string, string>, c: Record<string, unknown>, restartPolicy = 'Always'): object => ({
  kind: 'Pod', apiVersion: 'v1',
  metadata: { name, creationTimestamp: null, labels },
  spec: { containers: [c], restartPolicy, dnsPolicy: 'ClusterFirst' },
  status: {},
});

const golden: { name: string; podName: string; o: RunOptions; want: object }[] = [
  { name: 'plain', podName: 'x', o: { image: 'nginx' }, want: pod('x', { run: 'x' }, { name: 'x', image: 'nginx', resources: {} }) },
  {
    name: 'port, labels, env, restart', podName: 'x',
    o: { image: 'nginx', port: '80', labels: 'app=x,tier=web', env: ['FOO=bar'], restart: 'Never' },
    want: pod('x', { app: 'x', tier: 'web' }, { name: 'x', image: 'nginx', ports: [{ containerPort: 80 }], env: [{ name: 'FOO', value: 'bar' }], resources: {} }, 'Never'),
  },
  {
    name: 'command', podName: 'bb', o: { image: 'busybox', restart: 'Never', command: true, args: ['sleep', '3600'] },
    want: pod('bb', { run: 'bb' }, { name: 'bb', image: 'busybox', command: ['sleep', '3600'], resources: {} }, 'Never'),
  },
  {
    name: 'args', podName: 'bb2', o: { image: 'busybox', args: ['sleep', '3600'] },
    want: pod('bb2', { run: 'bb2' }, { name: 'bb2', image: 'busybox', args: ['sleep', '3600'], resources: {} }),
  },
];

describe('run matches kubectl run captures', () => {
  for (const tc of golden) {
    it(tc.name, () => {
      const got = run(tc.podName, tc.o);
      expect(JSON.stringify(got.pod)).toBe(JSON.stringify(tc.want));
      expect(got.service).toBeUndefined();
    });
  }
  it('--expose adds a ClusterIP service selecting the pod', () => {
    const got = run('web', { image: 'nginx', port: '80', expose: true });
    expect(JSON.stringify(got.service)).toBe(JSON.stringify({
      kind: 'Service', apiVersion: 'v1',
      metadata: { name: 'web', creationTimestamp: null },
      spec: { ports: [{ protocol: 'TCP', port: 80, targetPort: 80 }], selector: { run: 'web' } },
      status: { loadBalancer: {} },
    }));
    expect(JSON.stringify(got.pod)).toBe(JSON.stringify(pod('web', { run: 'web' }, { name: 'web', image: 'nginx', ports: [{ containerPort: 80 }], resources: {} })));
  });
  it('--expose with --labels labels the service and selects by them', () => {
    const got = run('web', { image: 'nginx', port: '80', expose: true, labels: 'b=2,a=1', namespace: 'dev' });
    expect(got.service!.metadata).toEqual({ name: 'web', namespace: 'dev', creationTimestamp: null, labels: { a: '1', b: '2' } });
    expect(got.service!.spec.selector).toEqual({ a: '1', b: '2' });
    expect(Object.keys(got.pod.metadata.labels!)).toEqual(['a', 'b']);
  });
  it('interactive flags, pull policy, privileged and annotations', () => {
    const got = run('t', { image: 'busybox', stdin: true, tty: true, imagePullPolicy: 'Never', privileged: true, annotations: ['z=1', 'a=2'], attach: false });
    expect(JSON.stringify(got.pod)).toBe(JSON.stringify({
      kind: 'Pod', apiVersion: 'v1',
      metadata: { name: 't', creationTimestamp: null, labels: { run: 't' }, annotations: { a: '2', z: '1' } },
      spec: {
        containers: [{ name: 't', image: 'busybox', resources: {}, imagePullPolicy: 'Never', securityContext: { privileged: true }, stdin: true, stdinOnce: true, tty: true }],
        restartPolicy: 'OnFailure', dnsPolicy: 'ClusterFirst',
      },
      status: {},
    }));
  });
});

// Errors checked against the live kubectl where it answers without a server (they fail before any request).
const errors: { name: string; args: string[]; o: RunOptions }[] = [
  { name: 'bad restart', args: ['x', '--image=nginx', '--restart=Bogus'], o: { image: 'nginx', restart: 'Bogus' } },
  { name: 'bad pull policy', args: ['x', '--image=nginx', '--image-pull-policy=Bogus'], o: { image: 'nginx', imagePullPolicy: 'Bogus' } },
  { name: 'expose without port', args: ['x', '--image=nginx', '--expose'], o: { image: 'nginx', expose: true } },
  { name: 'tty without stdin', args: ['x', '--image=nginx', '-t'], o: { image: 'nginx', tty: true } },
  { name: 'stdin with dry run', args: ['x', '--image=nginx', '-i'], o: { image: 'nginx', stdin: true, dryRun: 'client' } },
  { name: 'rm without attach', args: ['x', '--image=nginx', '--rm'], o: { image: 'nginx', rm: true, dryRun: 'client' } },
  { name: 'bad image', args: ['x', '--image=Bad Image'], o: { image: 'Bad Image' } },
  { name: 'bad env', args: ['x', '--image=nginx', '--env=1x=2'], o: { image: 'nginx', env: ['1x=2'] } },
  { name: 'bad label', args: ['x', '--image=nginx', '--labels=a'], o: { image: 'nginx', labels: 'a' } },
  { name: 'bad port', args: ['x', '--image=nginx', '--port=ab'], o: { image: 'nginx', port: 'ab' } },
  { name: 'bad annotation', args: ['x', '--image=nginx', '--annotations=a'], o: { image: 'nginx', annotations: ['a'] } },
  { name: 'no image', args: ['x'], o: {} },
  { name: 'image given empty', args: ['x', '--image='], o: { image: '' } },
];

describe('run errors match kubectl', () => {
  for (const tc of errors) {
    it(tc.name, () => expectSameAsKubectl(`run-${tc.name}`, ['run', ...tc.args], () => run('x', tc.o)));
  }
  const usage: [string, RunOptions, string][] = [
    ['no name', { image: 'nginx' }, NAME_REQUIRED_FOR_RUN],
    ['bad restart', { image: 'nginx', restart: 'Bogus' }, INVALID_RESTART_POLICY('Bogus')],
    ['tty', { image: 'nginx', tty: true }, TTY_NEEDS_STDIN],
    ['expose', { image: 'nginx', expose: true }, EXPOSE_NEEDS_PORT],
    ['rm', { image: 'nginx', rm: true }, RM_NEEDS_ATTACH],
    ['attach dry run', { image: 'nginx', attach: true, dryRun: 'server' }, DRY_RUN_WITH_ATTACH],
    ['pull policy', { image: 'nginx', imagePullPolicy: 'x' }, INVALID_PULL_POLICY('x')],
  ];
  it.each(usage)('%s is a usage error', (_n, o, msg) => {
    expect(() => run(_n === 'no name' ? '' : 'x', o)).toThrow(new GeneratorError(msg, true));
    try { run(_n === 'no name' ? '' : 'x', o); } catch (e) { expect((e as GeneratorError).usage).toBe(true); }
  });
  it('plain errors are not usage errors', () => {
    for (const [o, msg] of [[{ image: 'A B' }, INVALID_IMAGE_NAME('A B')], [{ image: 'n', env: ['=x'] }, INVALID_ENV('=x')], [{}, REQUIRED_FLAG_NOT_SET('image')], [{ image: '' }, IMAGE_REQUIRED]] as [RunOptions, string][]) {
      try { run('x', o); expect.unreachable(); } catch (e) { expect((e as GeneratorError).message).toBe(msg); expect((e as GeneratorError).usage).toBe(false); }
    }
  });
});
