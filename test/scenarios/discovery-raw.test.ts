import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const BUILTIN_VERSIONS = [
  'admissionregistration.k8s.io/v1', 'apiextensions.k8s.io/v1', 'apiregistration.k8s.io/v1', 'apps/v1',
  'authentication.k8s.io/v1', 'authorization.k8s.io/v1', 'autoscaling/v1', 'autoscaling/v2', 'batch/v1',
  'certificates.k8s.io/v1', 'coordination.k8s.io/v1', 'discovery.k8s.io/v1', 'events.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/v1', 'networking.k8s.io/v1', 'node.k8s.io/v1', 'policy/v1',
  'rbac.authorization.k8s.io/v1', 'scheduling.k8s.io/v1', 'storage.k8s.io/v1', 'v1',
];

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.shop.example.com}
spec:
  group: shop.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
  - {name: v1alpha1, served: false, storage: false, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`;

const lines = (l: string[]): string => l.map((s) => `${s}\n`).join('');

describe('discovery: api-versions', () => {
  const home = manualCluster('apiv', 7);
  afterAll(() => home.cleanup());

  it('lists every served group/version sorted as kubectl sorts them (core v1 last)', () => {
    expect(home.run('api-versions')).toEqual({ stdout: lines(BUILTIN_VERSIONS), stderr: '', code: 0 });
  });

  it('adds the served versions of a CRD group, not the unserved one', () => {
    expect(home.run('apply -f -', { stdin: CRD }).code).toBe(0);
    const want = [...BUILTIN_VERSIONS];
    want.splice(want.indexOf('scheduling.k8s.io/v1') + 1, 0, 'shop.example.com/v1', 'shop.example.com/v1beta1');
    expect(home.run('api-versions')).toEqual({ stdout: lines(want), stderr: '', code: 0 });
  });

  it('takes no arguments beyond kubectl options', () => {
    expect(home.run('api-versions --help').stdout).toContain('kubectl api-versions [options]');
  });
});

describe('get componentstatuses (deprecated, still served)', () => {
  const home = manualCluster('cs', 7);
  afterAll(() => home.cleanup());
  const WARNING = 'Warning: v1 ComponentStatus is deprecated in v1.19+\n';

  it('lists the control-plane components healthy, with the deprecation warning on stderr', () => {
    expect(home.run('get cs')).toEqual({
      stdout: lines([
        'NAME                 STATUS    MESSAGE   ERROR',
        'controller-manager   Healthy   ok        ',
        'scheduler            Healthy   ok        ',
        'etcd-0               Healthy   ok        ',
      ]),
      stderr: WARNING, code: 0,
    });
    expect(home.run('get componentstatuses scheduler -o yaml')).toEqual({
      stdout: lines(['apiVersion: v1', 'conditions:', '- message: ok', '  status: "True"', '  type: Healthy', 'kind: ComponentStatus', 'metadata:', '  creationTimestamp: null', '  name: scheduler']),
      stderr: WARNING, code: 0,
    });
  });

  it('answers an unknown component as the ComponentStatus storage does (a 500 with no reason)', () => {
    expect(home.run('get cs nope')).toEqual({ stdout: '', stderr: `${WARNING}Error from server: Component not found: nope\n`, code: 1 });
  });

  it('shows a stopped kube-scheduler Unhealthy with the HTTP prober\'s error', () => {
    expect(home.run('scheduler stop').code).toBe(0);
    const refused = 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused';
    expect(home.run('get cs --no-headers').stdout).toBe(lines([
      `controller-manager   Healthy     ok${' '.repeat(refused.length - 2)}   `,
      `scheduler            Unhealthy   ${refused}   `,
      `etcd-0               Healthy     ok${' '.repeat(refused.length - 2)}   `,
    ]));
    expect(home.run('scheduler start').code).toBe(0);
    expect(home.run('get cs scheduler --no-headers').stdout).toBe('scheduler   Healthy   ok    \n');
  });
});
