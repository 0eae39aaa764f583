import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { admitDefaultTolerations, admitServiceAccount, podQOSClass, POD_STRATEGY } from './pod';
import { defaultImagePullPolicy } from './pod-defaults';

const pod = (spec: any, name = 'p'): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec });
const causes = (o: KubeObject) => { POD_STRATEGY.defaults(o); return POD_STRATEGY.validate(o).map((c) => `${c.field}: ${c.message}`); };

describe('defaultImagePullPolicy', () => {
  it.each([
    ['nginx', 'Always'], ['nginx:latest', 'Always'], ['nginx:1.27', 'IfNotPresent'],
    ['localhost:5000/app', 'Always'], ['localhost:5000/app:v1', 'IfNotPresent'], ['app@sha256:abc', 'IfNotPresent'],
  ])('%s → %s', (image, want) => expect(defaultImagePullPolicy(image)).toBe(want));
});

describe('Pod defaults', () => {
  it('fills the v1.32 pod and container defaults', () => {
    const o = pod({ containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }], livenessProbe: { httpGet: { port: 80 } } }] });
    POD_STRATEGY.defaults(o);
    expect(o.spec).toEqual({
      containers: [{
        name: 'c', image: 'nginx', ports: [{ containerPort: 80, protocol: 'TCP' }], resources: {},
        livenessProbe: { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
        terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'Always',
      }],
      restartPolicy: 'Always', terminationGracePeriodSeconds: 30, dnsPolicy: 'ClusterFirst', securityContext: {},
      schedulerName: 'default-scheduler', enableServiceLinks: true,
    });
    expect(Object.keys(o.spec)).toEqual(['containers', 'restartPolicy', 'terminationGracePeriodSeconds', 'dnsPolicy', 'securityContext', 'schedulerName', 'enableServiceLinks']);
  });
  it('copies limits into missing requests and prepareForCreate sets phase and QoS', () => {
    const o = pod({ containers: [{ name: 'c', image: 'x:1', resources: { limits: { cpu: '1', memory: '1Gi' } } }] });
    POD_STRATEGY.defaults(o);
    POD_STRATEGY.prepareForCreate!(o);
    expect(o.spec.containers[0].resources.requests).toEqual({ cpu: '1', memory: '1Gi' });
    expect(o.status).toEqual({ phase: 'Pending', qosClass: 'Guaranteed' });
    expect(podQOSClass(pod({ containers: [{ name: 'c' }] }))).toBe('BestEffort');
  });
});

describe('Pod admission', () => {
  it('admitServiceAccount sets default and mounts the projected token volume', () => {
    const o = pod({ containers: [{ name: 'c', image: 'x' }] });
    admitServiceAccount(o, 'ab12c');
    expect(o.spec.serviceAccountName).toBe('default');
    expect(o.spec.serviceAccount).toBe('default');
    expect(o.spec.volumes[0].name).toBe('kube-api-access-ab12c');
    expect(o.spec.volumes[0].projected.sources[0]).toEqual({ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } });
    expect(o.spec.containers[0].volumeMounts).toEqual([{ name: 'kube-api-access-ab12c', readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }]);
  });
  it('admitServiceAccount mounts nothing when automount is off', () => {
    const o = pod({ automountServiceAccountToken: false, containers: [{ name: 'c', image: 'x' }] });
    admitServiceAccount(o, 'ab12c');
    expect(o.spec.volumes).toBeUndefined();
  });
  it('admitDefaultTolerations adds not-ready and unreachable once', () => {
    const o = pod({ containers: [], tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 }] });
    admitDefaultTolerations(o);
    expect(o.spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
  });
});

describe('Pod validation', () => {
  const c = (extra: any = {}) => ({ name: 'app', image: 'nginx', ...extra });
  it.each<[string, any, string[]]>([
    ['valid', { containers: [c()] }, []],
    ['no containers', { containers: [] }, ['spec.containers: Required value']],
    ['no image', { containers: [{ name: 'app' }] }, ['spec.containers[0].image: Required value']],
    ['bad name', { containers: [c({ name: 'App_1' })] }, [`spec.containers[0].name: Invalid value: "App_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`]],
    ['duplicate names', { containers: [c(), c()] }, ['spec.containers[1].name: Duplicate value: "app"']],
    ['port range', { containers: [c({ ports: [{ containerPort: 70000 }] })] }, ['spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive']],
    ['protocol', { containers: [c({ ports: [{ containerPort: 80, protocol: 'HTTP' }] })] }, ['spec.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"']],
    ['mount not found', { containers: [c({ volumeMounts: [{ name: 'data', mountPath: '/d' }] })] }, ['spec.containers[0].volumeMounts[0].name: Not found: "data"']],
    ['two handlers', { containers: [c({ livenessProbe: { exec: { command: ['x'] }, httpGet: { port: 80 } } })] }, ['spec.containers[0].livenessProbe.httpGet: Forbidden: may not specify more than 1 handler type']],
    ['liveness success', { containers: [c({ livenessProbe: { tcpSocket: { port: 80 }, successThreshold: 2 } })] }, ['spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1']],
    ['init probe', { containers: [c()], initContainers: [{ name: 'init', image: 'x', livenessProbe: { tcpSocket: { port: 1 } } }] }, ['spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always']],
    ['request > limit', { containers: [c({ resources: { requests: { cpu: '2' }, limits: { cpu: '1' } } })] }, ['spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1']],
    ['restartPolicy', { containers: [c()], restartPolicy: 'Sometimes' }, ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']],
    ['env name', { containers: [c({ env: [{ name: 'A=B', value: '1' }] })] }, [`spec.containers[0].env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`]],
  ])('%s', (_, spec, want) => expect(causes(pod(spec))).toEqual(want));

  it.each<[string, any, string[]]>([
    ['missing name', {}, ['metadata.name: Required value: name or generateName is required']],
    ['bad name', { name: 'My_Pod' }, [`metadata.name: Invalid value: "My_Pod": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`]],
    ['generateName ok', { generateName: 'web-' }, []],
    ['label key', { name: 'p', labels: { '-app': 'x' } }, [`metadata.labels: Invalid value: "-app": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`]],
    ['label value length', { name: 'p', labels: { a: 'x'.repeat(64) } }, [`metadata.labels: Invalid value: "${'x'.repeat(64)}": must be no more than 63 characters`]],
  ])('metadata: %s', (_, meta, want) => {
    const o: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'default', ...meta }, spec: { containers: [c()] } };
    expect(causes(o)).toEqual(want);
  });

  it('forbids changing more than images on update', () => {
    const old = pod({ containers: [c()] });
    POD_STRATEGY.defaults(old);
    const img = structuredClone(old); img.spec.containers[0].image = 'nginx:2';
    expect(POD_STRATEGY.validateUpdate(img, old)).toEqual([]);
    const bad = structuredClone(old); bad.spec.restartPolicy = 'Never';
    expect(POD_STRATEGY.validateUpdate(bad, old).map((x) => x.field)).toEqual(['spec']);
  });
});
