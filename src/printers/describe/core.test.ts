import { describe, expect, it } from 'vitest';
import type { EventLike, KubeObject } from '../../api/meta';
import type { ConfigMap, Endpoints, EndpointSlice, Secret } from '../../api/types/kinds';
import { describeConfigMap } from './configmap';
import { describeMany, describeObject, describePrefixMatches, eventsFor } from './index';
import { describeNamespace } from './namespace';
import { describeSecret } from './secret';
import { describeService, formatEndpoints } from './service';
import { golden, makeCtx } from './test-helpers';

const NOW = new Date('2026-11-30T01:26:46Z');
const ns = (name: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } }, status: { phase: 'Active' },
});
const endpoints = (name: string, subsets: any[]): Endpoints => ({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name, namespace: 'default' }, subsets });
const svc = (name: string, spec: any, labels?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default', labels }, spec: { sessionAffinity: 'None', ...spec },
});
const ipv4 = (ip: string): any => ({ ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv4'], clusterIP: ip, clusterIPs: [ip], internalTrafficPolicy: 'Cluster' });

describe('describeService', () => {
  const cases: { name: string; svc: KubeObject; objects: KubeObject[]; golden: string }[] = [
    {
      name: 'NodePort with ready endpoints',
      golden: 'svc-web',
      svc: svc('web', { ...ipv4('10.96.120.15'), type: 'NodePort', selector: { app: 'web' }, externalTrafficPolicy: 'Cluster', ports: [{ port: 80, targetPort: 80, nodePort: 31380, protocol: 'TCP' }] }, { app: 'web' }),
      objects: [endpoints('web', [{ addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.1.6' }], notReadyAddresses: [{ ip: '10.244.1.7' }], ports: [{ port: 80, protocol: 'TCP' }] }])],
    },
    {
      name: 'LoadBalancer with named ports',
      golden: 'svc-lb',
      svc: svc('lb', {
        ...ipv4('10.96.33.7'), type: 'LoadBalancer', selector: { app: 'api' }, externalTrafficPolicy: 'Cluster',
        ports: [{ name: 'http', port: 80, targetPort: 'http', nodePort: 30080, protocol: 'TCP' }, { name: 'metrics', port: 9090, targetPort: 9090, nodePort: 30090, protocol: 'TCP' }],
      }),
      objects: [endpoints('lb', [{ addresses: [{ ip: '10.244.1.24' }], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }, { name: 'metrics', port: 9090, protocol: 'TCP' }] }])],
    },
    {
      name: 'selectorless kubernetes service',
      golden: 'svc-kubernetes',
      svc: svc('kubernetes', { ...ipv4('10.96.0.1'), type: 'ClusterIP', ports: [{ name: 'https', port: 443, targetPort: 6443, protocol: 'TCP' }] }, { provider: 'kubernetes', component: 'apiserver' }),
      objects: [endpoints('kubernetes', [{ addresses: [{ ip: '172.18.0.2' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }])],
    },
    {
      name: 'ExternalName without IPs',
      golden: 'svc-ext',
      svc: svc('ext', { type: 'ExternalName', externalName: 'example.com' }),
      objects: [],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      expect(describeService(tc.svc, makeCtx(NOW, [], tc.objects))).toBe(golden(tc.golden));
    });
  }

  it.each([
    ['no subsets', [], ''],
    ['more than three', [{ addresses: ['1', '2', '3', '4', '5'].map((ip) => ({ ip: `10.0.0.${ip}` })), ports: [{ port: 80 }] }], '10.0.0.1:80,10.0.0.2:80,10.0.0.3:80 + 2 more...'],
    ['other port name', [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ name: 'x', port: 80 }] }], ''],
  ])('formatEndpoints: %s', (_name, subsets, want) => {
    expect(formatEndpoints(endpoints('e', subsets), '')).toBe(want);
  });

  it('prints <none> when the Service has no Endpoints object', () => {
    const s = svc('web', { ...ipv4('10.96.0.9'), type: 'ClusterIP', ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }] });
    expect(describeService(s, makeCtx(NOW))).toContain('Endpoints:                <none>\n');
  });
});

describe('describeNamespace', () => {
  it('no quota and no limit range', () => {
    expect(describeNamespace(ns('default'), makeCtx(NOW))).toBe(golden('ns-default'));
  });

  it('lists quotas and limit ranges', () => {
    const quota: KubeObject = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'default' }, status: { hard: { pods: '10', 'requests.cpu': '2' }, used: { pods: '3', 'requests.cpu': '500m' } } };
    const lr: KubeObject = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'l', namespace: 'default' }, spec: { limits: [{ type: 'Container', default: { cpu: '500m' }, defaultRequest: { cpu: '100m' } }] } };
    expect(describeNamespace(ns('default'), makeCtx(NOW, [], [quota, lr]))).toBe([
      'Name:         default',
      'Labels:       kubernetes.io/metadata.name=default',
      'Annotations:  <none>',
      'Status:       Active',
      '',
      'Resource Quotas',
      '  Name:         q',
      '  Resource      Used  Hard',
      '  --------      ---   ---',
      '  pods          3     10',
      '  requests.cpu  500m  2',
      '',
      'Resource Limits',
      ' Type       Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
      ' ----       --------  ---  ---  ---------------  -------------  -----------------------',
      ' Container  cpu       -    -    100m             500m           -',
      '',
    ].join('\n'));
  });
});

describe('ConfigMap and Secret', () => {
  it('ConfigMap data in key order with empty BinaryData', () => {
    const cm: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'api-config', namespace: 'default' }, data: { mode: 'prod', level: '3' } };
    expect(describeConfigMap(cm, makeCtx(NOW))).toBe(golden('cm-api-config'));
  });

  it('Secret shows decoded byte counts and no events', () => {
    const s: Secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db', namespace: 'default' }, type: 'Opaque', data: { password: Buffer.from('s3cr3t').toString('base64') } };
    expect(describeSecret(s, makeCtx(NOW))).toBe(golden('secret-db'));
  });
});

describe('describeObject / describeMany', () => {
  it('dispatches by kind and separates objects with two blank lines', () => {
    expect(describeMany([ns('kube-public'), ns('kube-node-lease')], makeCtx(NOW))).toBe(golden('ns-kube-public-kube-node-lease'));
  });

  it('prefix matches end every description with a newline', () => {
    expect(describePrefixMatches([ns('kube-node-lease'), ns('kube-public'), ns('kube-system')], makeCtx(NOW))).toBe(golden('ns-kube-'));
  });

  it('gives each object only its own events', () => {
    const pods = ['a', 'b'].map((n): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: n, namespace: 'default', uid: `uid-${n}` } }));
    const ev: EventLike = {
      apiVersion: 'v1', kind: 'Event', metadata: { name: 'a.1', namespace: 'default' }, involvedObject: { name: 'b', uid: 'uid-b' },
      type: 'Normal', reason: 'Touched', message: 'hi', source: { component: 'me' }, firstTimestamp: '2026-11-30T01:26:40Z', count: 1,
    };
    const out = describeMany(pods, makeCtx(NOW, [ev]));
    const [first, second] = out.split('\n\n\nName:');
    expect(first).toContain('\nEvents:  <none>');
    expect(second).toContain('  Normal  Touched  6s    me    hi\n');
  });

  it('finds a mirror pod\'s events under its static pod\'s UID, as kubectl describe searches them', () => {
    const mirror: KubeObject = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'etcd-cp', namespace: 'kube-system', uid: 'api-uid', annotations: { 'kubernetes.io/config.mirror': 'hash' } },
    };
    const event = (uid: string): EventLike => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: `e-${uid}`, namespace: 'kube-system' }, involvedObject: { kind: 'Pod', name: 'etcd-cp', uid } });
    expect(eventsFor(mirror, [event('hash'), event('api-uid')]).map((e) => e.metadata.name)).toEqual(['e-hash']);
    const node: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', uid: 'node-uid' } };
    const onNode = (name: string, uid: string): EventLike => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: `${name}-${uid}` }, involvedObject: { kind: 'Node', name, uid } });
    expect(eventsFor(node, [onNode('n1', 'node-uid'), onNode('n1', 'n1'), onNode('n2', 'n2'), onNode('n2', 'node-uid')]).map((e) => e.metadata.name)).toEqual(['n1-node-uid', 'n1-n1']);
  });

  it('falls back to the generic describer for kinds without one', () => {
    const ct: KubeObject = {
      apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'every-5', namespace: 'default', labels: { app: 'cron' } },
      spec: { cronSpec: '*/5 * * * *', replicas: 2, paused: false, image: '' },
    };
    expect(describeObject(ct, makeCtx(NOW))).toBe([
      'Name:         every-5',
      'Namespace:    default',
      'Labels:       app=cron',
      'Annotations:  <none>',
      'API Version:  stable.example.com/v1',
      'Kind:         CronTab',
      'Metadata:',
      'Spec:',
      '  Cron Spec:  */5 * * * *',
      '  Image:      ',
      '  Paused:     false',
      '  Replicas:   2',
      'Events:       <none>',
      '',
    ].join('\n'));
  });

  it('uses the EndpointSlice describer rather than the generic one', () => {
    const ep: EndpointSlice = {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abc', namespace: 'default' },
      addressType: 'IPv4', endpoints: [], ports: [],
    };
    expect(describeObject(ep, makeCtx(NOW))).toBe([
      'Name:         web-abc',
      'Namespace:    default',
      'Labels:       <none>',
      'Annotations:  <none>',
      'AddressType:  IPv4',
      'Ports: <unset>',
      'Endpoints: <none>',
      'Events:  <none>',
      '',
    ].join('\n'));
  });
});
