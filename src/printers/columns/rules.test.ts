import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { csrTable } from './certificate-signing-request';
import { controllerRevisionTable } from './controller-revision';
import { formatEndpoints } from './endpoints';
import { endpointSliceTable } from './endpoint-slice';
import { hpaTargets } from './horizontal-pod-autoscaler';
import { formatIngressHosts } from './ingress';
import { jobCompletions, jobDuration, jobStatus } from './job';
import { nodeRoles, nodeStatus } from './node';
import { resourceQuotaTable } from './resource-quota';
import { roleBindingTable } from './role-binding';
import { serviceTable } from './service';
import { T0 } from './testdata/fixtures';

const obj = (kind: string, rest: object): KubeObject => ({ apiVersion: 'v1', kind, metadata: { name: 'x', creationTimestamp: T0.toISOString() }, ...rest });
const ts = (s: number) => new Date(T0.getTime() - s * 1000).toISOString();

describe('service EXTERNAL-IP', () => {
  const lb = (ingress: object[], externalIPs?: string[]) => obj('Service', { spec: { type: 'LoadBalancer', clusterIPs: ['10.0.0.1'], externalIPs }, status: { loadBalancer: { ingress } } });
  const cases: Array<{ name: string; svc: KubeObject; wide: boolean; want: string }> = [
    { name: 'LB ingress sorted and de-duplicated', svc: lb([{ ip: '5.5.5.5' }, { hostname: 'a.example' }, { ip: '5.5.5.5' }]), wide: true, want: '5.5.5.5,a.example' },
    { name: 'LB list clipped to 16 chars without wide', svc: lb([{ ip: '192.168.100.100' }, { ip: '192.168.100.101' }]), wide: false, want: '192.168.100.1...' },
    { name: 'LB list not clipped with wide', svc: lb([{ ip: '192.168.100.100' }, { ip: '192.168.100.101' }]), wide: true, want: '192.168.100.100,192.168.100.101' },
    { name: 'LB externalIPs follow the ingress', svc: lb([{ ip: '1.1.1.1' }], ['2.2.2.2']), wide: false, want: '1.1.1.1,2.2.2.2' },
    { name: 'LB without anything is pending', svc: lb([]), wide: false, want: '<pending>' },
    { name: 'ClusterIP externalIPs', svc: obj('Service', { spec: { type: 'ClusterIP', externalIPs: ['3.3.3.3', '4.4.4.4'] } }), wide: false, want: '3.3.3.3,4.4.4.4' },
  ];
  for (const tc of cases) it(tc.name, () => expect(serviceTable.cells(tc.svc, { now: T0, wide: tc.wide })[3]).toBe(tc.want));
  it('ports default their protocol and show no ports as <none>', () => {
    expect(serviceTable.cells(obj('Service', { spec: { ports: [{ port: 53, protocol: 'UDP' }, { port: 80 }] } }), { now: T0 })[4]).toBe('53/UDP,80/TCP');
    expect(serviceTable.cells(obj('Service', { spec: {} }), { now: T0 })[4]).toBe('<none>');
  });
});

describe('node STATUS and ROLES', () => {
  const node = (conditions: object[], unschedulable = false, labels: Record<string, string> = {}) =>
    ({ ...obj('Node', { spec: { unschedulable }, status: { conditions } }), metadata: { name: 'n', labels } });
  const cases: Array<[string, KubeObject, string]> = [
    ['Ready', node([{ type: 'Ready', status: 'True' }]), 'Ready'],
    ['NotReady when False', node([{ type: 'Ready', status: 'False' }]), 'NotReady'],
    ['NotReady when Unknown', node([{ type: 'Ready', status: 'Unknown' }]), 'NotReady'],
    ['Unknown without Ready', node([{ type: 'MemoryPressure', status: 'True' }]), 'Unknown'],
    ['cordoned', node([{ type: 'Ready', status: 'True' }], true), 'Ready,SchedulingDisabled'],
  ];
  for (const [name, n, want] of cases) it(name, () => expect(nodeStatus(n)).toBe(want));
  it('roles from both label styles, sorted and unique', () =>
    expect(nodeRoles(node([], false, { 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/control-plane': 'x',
      'kubernetes.io/role': 'worker', 'node-role.kubernetes.io/': 'ignored' }))).toEqual(['control-plane', 'worker']));
});

describe('job cells', () => {
  const job = (spec: object, status: object, deleting = false) =>
    ({ ...obj('Job', { spec, status }), metadata: { name: 'j', ...(deleting ? { deletionTimestamp: ts(1) } : {}) } });
  const statuses: Array<[string, KubeObject, string]> = [
    ['Complete beats Failed', job({}, { conditions: [{ type: 'Failed', status: 'True' }, { type: 'Complete', status: 'True' }] }), 'Complete'],
    ['Failed', job({}, { conditions: [{ type: 'Failed', status: 'True' }] }), 'Failed'],
    ['Terminating beats Suspended', job({}, { conditions: [{ type: 'Suspended', status: 'True' }] }, true), 'Terminating'],
    ['Suspended', job({}, { conditions: [{ type: 'Suspended', status: 'True' }] }), 'Suspended'],
    ['FailureTarget', job({}, { conditions: [{ type: 'FailureTarget', status: 'True' }] }), 'FailureTarget'],
    ['False conditions mean Running', job({}, { conditions: [{ type: 'Complete', status: 'False' }] }), 'Running'],
  ];
  for (const [name, j, want] of statuses) it(`STATUS: ${name}`, () => expect(jobStatus(j)).toBe(want));
  it('COMPLETIONS with completions', () => expect(jobCompletions(job({ completions: 5 }, { succeeded: 2 }))).toBe('2/5'));
  it('COMPLETIONS for a work queue', () => expect(jobCompletions(job({ parallelism: 3 }, {}))).toBe('0/1 of 3'));
  it('COMPLETIONS default', () => expect(jobCompletions(job({ parallelism: 1 }, { succeeded: 1 }))).toBe('1/1'));
  it('DURATION empty before start', () => expect(jobDuration(job({}, {}), T0)).toBe(''));
  it('DURATION runs until now while active', () => expect(jobDuration(job({}, { startTime: ts(125) }), T0)).toBe('2m5s'));
});

describe('list formatting', () => {
  it('HPA targets: two entries then + N more', () => {
    const cpu = { type: 'Resource', resource: { name: 'cpu', target: { averageUtilization: 80 } } };
    const mem = { type: 'Resource', resource: { name: 'memory', target: { averageValue: '500Mi' } } };
    const pods = { type: 'Pods', pods: { metric: { name: 'qps' }, target: { averageValue: '10' } } };
    expect(hpaTargets([cpu, mem, pods], [{ resource: { current: { averageUtilization: 12 } } }]))
      .toBe('cpu: 12%/80%, memory: <unknown>/500Mi + 1 more...');
    expect(hpaTargets([], [])).toBe('<none>');
  });
  it('endpoints: three then + N more, ip alone without ports, empty when nothing is ready', () => {
    expect(formatEndpoints([{ addresses: [{ ip: '1.1.1.1' }, { ip: '2.2.2.2' }], ports: [{ port: 80 }, { port: 443 }] }]))
      .toBe('1.1.1.1:80,2.2.2.2:80,1.1.1.1:443 + 1 more...');
    expect(formatEndpoints([{ addresses: [{ ip: '1.1.1.1' }] }])).toBe('1.1.1.1');
    expect(formatEndpoints([{ ports: [{ port: 80 }] }])).toBe('');
    expect(formatEndpoints([])).toBe('<none>');
  });
  it('endpoint slices print <unset> when empty', () =>
    expect(endpointSliceTable.cells(obj('EndpointSlice', { addressType: 'IPv4' }), { now: T0 }).slice(1, 4)).toEqual(['IPv4', '<unset>', '<unset>']));
  it('ingress hosts', () => {
    expect(formatIngressHosts([{}, {}])).toBe('*');
    expect(formatIngressHosts([{ host: 'a' }, { host: 'b' }, { host: 'c' }, { host: 'd' }, { host: 'e' }])).toBe('a,b,c + 2 more...');
  });
});

describe('other kinds', () => {
  it('ResourceQuota splits requests and limits', () =>
    expect(resourceQuotaTable.cells(obj('ResourceQuota', { status: { hard: { pods: '10', 'limits.cpu': '2', 'requests.cpu': '1' }, used: { pods: '3' } } }), { now: T0 }))
      .toEqual(['x', 'pods: 3/10, requests.cpu: 0/1', 'limits.cpu: 0/2', '0s']));
  it('RoleBinding subjects', () =>
    expect(roleBindingTable.cells(obj('RoleBinding', { roleRef: { kind: 'ClusterRole', name: 'view' },
      subjects: [{ kind: 'User', name: 'jane' }, { kind: 'Group', name: 'devs' }, { kind: 'ServiceAccount', namespace: 'ci', name: 'bot' }, { kind: 'User', name: 'joe' }] }), { now: T0 }))
      .toEqual(['x', 'ClusterRole/view', '0s', 'jane, joe', 'devs', 'ci/bot']));
  it('ControllerRevision controller', () =>
    expect(controllerRevisionTable.cells({ ...obj('ControllerRevision', { revision: 2 }), metadata: { name: 'kp-1',
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'kube-proxy', uid: 'u', controller: true }] } }, { now: T0 }))
      .toEqual(['kp-1', 'daemonset.apps/kube-proxy', '2', '<unknown>']));
  it('CSR condition and duration', () =>
    expect(csrTable.cells(obj('CertificateSigningRequest', { spec: { signerName: 'kubernetes.io/kube-apiserver-client', username: 'jane', expirationSeconds: 86400 },
      status: { conditions: [{ type: 'Approved' }, { type: 'Failed' }], certificate: 'abc' } }), { now: T0 }))
      .toEqual(['x', '0s', 'kubernetes.io/kube-apiserver-client', 'jane', '24h', 'Approved,Failed,Issued']));
});
