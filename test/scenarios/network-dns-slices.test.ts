/**
 * network-dns-slices: CoreDNS answers from EndpointSlices, as CoreDNS 1.11 (Kubernetes v1.32's)
 * does. A selectorless headless Service whose endpoints are an EndpointSlice the user wrote has
 * no Endpoints object at all (mirroring runs Endpoints → slices only), yet its names resolve;
 * a CoreDNS that read Endpoints would answer NXDOMAIN. Endpoints whose ready condition is false
 * are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('dnsslices', 7);
afterAll(() => home.cleanup());

const DB = `apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  ports:
  - name: pg
    port: 5432
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: db-1
  labels:
    kubernetes.io/service-name: db
addressType: IPv4
ports:
- name: pg
  port: 5432
  protocol: TCP
endpoints:
- addresses: ["192.168.10.5"]
  hostname: primary
- addresses: ["192.168.10.6"]
  conditions:
    ready: false
`;

beforeAll(() => {
  expect(home.run(['apply', '-f', home.file('db.yaml', DB)]).stdout).toBe('service/db created\nendpointslice.discovery.k8s.io/db-1 created\n');
  expect(home.run('run dns --image=busybox:1.36 -- sleep 3600').code).toBe(0);
  home.run('tick 30s');
});

describe('CoreDNS over EndpointSlices', () => {
  it('resolves a Service whose only endpoints are a user-written slice, leaving out the endpoint that is not ready', () => {
    expect(home.run('get endpoints db')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): endpoints "db" not found\n', code: 1 });
    expect(home.run('exec dns -- nslookup db.default.svc.cluster.local')).toEqual({
      stdout: 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tdb.default.svc.cluster.local\nAddress: 192.168.10.5\n\n\n', stderr: '', code: 0,
    });
    expect(home.run('exec dns -- nslookup primary.db.default.svc.cluster.local').stdout)
      .toBe('Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tprimary.db.default.svc.cluster.local\nAddress: 192.168.10.5\n\n\n');
  });
});
