import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// The Kubernetes docs' LimitRange example (concepts/policy/limit-range).
const CPU_CONSTRAINT = `apiVersion: v1
kind: LimitRange
metadata:
  name: cpu-resource-constraint
spec:
  limits:
  - default:
      cpu: 500m
    defaultRequest:
      cpu: 500m
    max:
      cpu: "1"
    min:
      cpu: 100m
    type: Container
`;
const CONFLICT_POD = `apiVersion: v1
kind: Pod
metadata:
  name: example-conflict-with-limitrange-cpu
spec:
  containers:
  - name: demo
    image: registry.k8s.io/pause:3.8
    resources:
      requests:
        cpu: 700m
`;
const MAX_ONLY = `apiVersion: v1
kind: LimitRange
metadata:
  name: max-only
  namespace: limits
spec:
  limits:
  - type: Container
    max:
      cpu: "1"
      memory: 1Gi
    min:
      cpu: 100m
  - type: PersistentVolumeClaim
    max:
      storage: 2Gi
    min:
      storage: 1Gi
`;

describe('storage and limits admission', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('admission', 7); });
  afterAll(() => home.cleanup());

  it('refuses a request above the LimitRange default limit it is given', () => {
    expect(home.run(['apply', '-f', home.file('lr.yaml', CPU_CONSTRAINT)]).code).toBe(0);
    expect(home.run(['apply', '-f', home.file('conflict.yaml', CONFLICT_POD)])).toEqual({
      stdout: '',
      stderr: 'The Pod "example-conflict-with-limitrange-cpu" is invalid: spec.containers[0].resources.requests: Invalid value: "700m": must be less than or equal to cpu limit of 500m\n',
      code: 1,
    });
  });

  it('stores a Container item with its max as default and default request', () => {
    home.run('create namespace limits');
    expect(home.run(['apply', '-f', home.file('max-only.yaml', MAX_ONLY)]).code).toBe(0);
    expect(JSON.parse(home.run('get limitrange max-only -n limits -o json').stdout).spec.limits).toEqual([
      { type: 'Container', max: { cpu: '1', memory: '1Gi' }, min: { cpu: '100m' }, default: { cpu: '1', memory: '1Gi' }, defaultRequest: { cpu: '1', memory: '1Gi' } },
      { type: 'PersistentVolumeClaim', max: { storage: '2Gi' }, min: { storage: '1Gi' } },
    ]);
    expect(home.run('describe limitrange max-only -n limits').stdout).toBe([
      'Name:                  max-only',
      'Namespace:             limits',
      'Type                   Resource  Min   Max  Default Request  Default Limit  Max Limit/Request Ratio',
      '----                   --------  ---   ---  ---------------  -------------  -----------------------',
      'Container              cpu       100m  1    1                1              -',
      'Container              memory    -     1Gi  1Gi              1Gi            -',
      'PersistentVolumeClaim  storage   1Gi   2Gi  -                -              -',
      '',
    ].join('\n'));
  });

  it('reports every Container violation, containers before init containers', () => {
    const pod = `apiVersion: v1
kind: Pod
metadata:
  name: big
  namespace: limits
spec:
  initContainers:
  - name: init
    image: busybox
    resources:
      limits: {cpu: "2", memory: 2Gi}
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 50m}
`;
    const f = home.file('big.yaml', pod);
    expect(home.run(['create', '-f', f])).toEqual({
      stdout: '',
      stderr: `Error from server (Forbidden): error when creating "${f}": pods "big" is forbidden: [minimum cpu usage per Container is 100m, but request is 50m, maximum cpu usage per Container is 1, but limit is 2, maximum memory usage per Container is 1Gi, but limit is 2Gi]\n`,
      code: 1,
    });
  });

  it('enforces a PersistentVolumeClaim item on the claim size', () => {
    const pvc = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: huge
  namespace: limits
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 5Gi
`;
    const f = home.file('huge.yaml', pvc);
    expect(home.run(['create', '-f', f])).toEqual({
      stdout: '',
      stderr: `Error from server (Forbidden): error when creating "${f}": persistentvolumeclaims "huge" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 5Gi\n`,
      code: 1,
    });
  });

  it('refuses a LimitRange with duplicate types, Pod defaults, an unbounded claim item or an unknown type', () => {
    const bad = `apiVersion: v1
kind: LimitRange
metadata:
  name: bad
spec:
  limits:
  - type: Pod
    default: {cpu: 1}
    defaultRequest: {cpu: 1}
  - type: Container
    max: {cpu: 1}
  - type: Container
    max: {cpu: 2}
  - type: PersistentVolumeClaim
    maxLimitRequestRatio: {storage: 2}
  - type: Node
    max: {cpu: 1}
`;
    expect(home.run(['apply', '-f', home.file('bad.yaml', bad)])).toEqual({
      stdout: '',
      stderr: [
        'The LimitRange "bad" is invalid: ',
        "* spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'",
        "* spec.limits[0].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'",
        '* spec.limits[2].type: Duplicate value: "Container"',
        '* spec.limits[3].limits: Required value: either minimum or maximum storage value is required, but neither was provided',
        '* spec.limits[4].type: Invalid value: "Node": must be a standard limit type or fully qualified',
        '',
      ].join('\n'),
      code: 1,
    });
  });
});
