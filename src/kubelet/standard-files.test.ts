import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { hostsFile, resolvConf, standardFiles } from './standard-files';

const pod = (spec: Record<string, unknown> = {}, ns = 'dev'): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: ns, uid: 'u1' }, spec, status: { podIP: '10.244.1.5' },
}) as KubeObject;

const LOCAL = '# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n'
  + 'fe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n';

describe('kubelet-managed /etc/hosts', () => {
  it('lists localhost and the pod IP with its hostname', () => {
    expect(hostsFile(pod())).toBe(`${LOCAL}10.244.1.5\tweb\n`);
  });
  it('uses the FQDN under a subdomain and appends hostAliases', () => {
    expect(hostsFile(pod({ hostname: 'h', subdomain: 's', hostAliases: [{ ip: '127.0.0.1', hostnames: ['foo.local', 'bar.local'] }] })))
      .toBe(`${LOCAL}10.244.1.5\th.s.dev.svc.cluster.local\th\n\n# Entries added by HostAliases.\n127.0.0.1\tfoo.local\tbar.local\n`);
  });
});

describe('/etc/resolv.conf', () => {
  it('points ClusterFirst pods at cluster DNS with the namespace search path', () => {
    expect(resolvConf(pod())).toBe('search dev.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });
  it('honours dnsPolicy None with dnsConfig, and Default', () => {
    expect(resolvConf(pod({ dnsPolicy: 'None', dnsConfig: { nameservers: ['1.2.3.4'], searches: ['ns1.svc.cluster-domain.example'], options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] } })))
      .toBe('search ns1.svc.cluster-domain.example\nnameserver 1.2.3.4\noptions ndots:2 edns0\n');
    expect(resolvConf(pod({ dnsPolicy: 'Default' }))).toBe('nameserver 172.18.0.1\n');
  });
});

describe('standard files', () => {
  it('mounts the service-account files only where the token volume is mounted', () => {
    const sa = '/var/run/secrets/kubernetes.io/serviceaccount';
    const withSA = standardFiles(pod(), { volumeMounts: [{ mountPath: sa }] }, ['sleep', '1']);
    expect(withSA[`${sa}/namespace`]).toBe('dev');
    expect(withSA[`${sa}/ca.crt`]).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    expect(withSA[`${sa}/token`]).toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/);
    expect(standardFiles(pod(), {}, ['sleep', '1'])[`${sa}/token`]).toBeUndefined();
    expect(withSA['/proc/1/cmdline']).toBe('sleep\u00001\u0000');
  });
});
