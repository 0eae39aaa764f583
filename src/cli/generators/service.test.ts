import { describe, it } from 'vitest';
import { createService, type CreateServiceOptions, type ServiceType } from './service';
import { expectSameAsKubectl } from './oracle.test-helper';

const cases: { name: string; type: ServiceType; args: string[]; o: CreateServiceOptions }[] = [
  { name: 'clusterip one port', type: 'ClusterIP', args: ['--tcp=80:8080'], o: { tcp: ['80:8080'] } },
  { name: 'clusterip two ports', type: 'ClusterIP', args: ['--tcp=80:8080', '--tcp=443:8443'], o: { tcp: ['80:8080', '443:8443'] } },
  { name: 'port only', type: 'ClusterIP', args: ['--tcp=80'], o: { tcp: ['80'] } },
  { name: 'named target port', type: 'ClusterIP', args: ['--tcp=80:http'], o: { tcp: ['80:http'] } },
  { name: 'extra colon part ignored', type: 'ClusterIP', args: ['--tcp=80:8080:9'], o: { tcp: ['80:8080:9'] } },
  { name: 'headless', type: 'ClusterIP', args: ['--clusterip=None'], o: { clusterip: 'None' } },
  { name: 'fixed cluster ip', type: 'ClusterIP', args: ['--clusterip=10.96.0.20', '--tcp=80'], o: { clusterip: '10.96.0.20', tcp: ['80'] } },
  { name: 'nodeport', type: 'NodePort', args: ['--tcp=80:8080', '--node-port=30080'], o: { tcp: ['80:8080'], nodePort: 30080 } },
  { name: 'nodeport without node port', type: 'NodePort', args: ['--tcp=80:8080'], o: { tcp: ['80:8080'] } },
  { name: 'loadbalancer', type: 'LoadBalancer', args: ['--tcp=443:8443'], o: { tcp: ['443:8443'] } },
  { name: 'externalname', type: 'ExternalName', args: ['--external-name=example.com'], o: { externalName: 'example.com' } },
  { name: 'externalname with port', type: 'ExternalName', args: ['--external-name=a.b', '--tcp=80'], o: { externalName: 'a.b', tcp: ['80'] } },
  { name: 'externalname invalid', type: 'ExternalName', args: ['--external-name=Bad_'], o: { externalName: 'Bad_' } },
  { name: 'externalname given empty', type: 'ExternalName', args: ['--external-name='], o: { externalName: '' } },
  { name: 'no ports', type: 'ClusterIP', args: [], o: {} },
  { name: 'port not a number', type: 'ClusterIP', args: ['--tcp=abc'], o: { tcp: ['abc'] } },
  { name: 'port out of range', type: 'ClusterIP', args: ['--tcp=70000'], o: { tcp: ['70000'] } },
  { name: 'negative port', type: 'ClusterIP', args: ['--tcp=-1'], o: { tcp: ['-1'] } },
  { name: 'target port zero', type: 'ClusterIP', args: ['--tcp=80:0'], o: { tcp: ['80:0'] } },
  { name: 'target port bad name', type: 'ClusterIP', args: ['--tcp=80:Bad_'], o: { tcp: ['80:Bad_'] } },
  { name: 'target port empty', type: 'ClusterIP', args: ['--tcp=80:'], o: { tcp: ['80:'] } },
  { name: 'target port name too long', type: 'ClusterIP', args: ['--tcp=80:abcdefghijklmnop'], o: { tcp: ['80:abcdefghijklmnop'] } },
];

describe('createService matches kubectl create service', () => {
  for (const tc of cases) {
    it(tc.name, () => {
      expectSameAsKubectl(`service-${tc.name}`, ['create', 'service', tc.type.toLowerCase(), 'svc', ...tc.args], () => createService(tc.type, 'svc', tc.o));
    });
  }
});
