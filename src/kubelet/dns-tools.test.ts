import { beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster/cluster';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { busyboxNslookup, digTool, hostTool, type DnsToolContext } from './dns-tools';

const NOWHERE: DnsToolContext = { namespace: 'default', api: { tryGet: () => undefined, list: () => [] } };
const TIMED_OUT = ';; connection timed out; no servers could be reached\n';

describe('dns tools: arguments', () => {
  it('dig reads -t TYPE and +short before the name', () => {
    expect(digTool(['-t', 'srv', '+short', 'x.example'], NOWHERE)).toEqual({ stdout: TIMED_OUT, stderr: '', code: 9 });
  });
  it('host reads -t TYPE before the name', () => {
    expect(hostTool(['-t', 'srv', 'x'], NOWHERE)).toEqual({ stdout: TIMED_OUT, stderr: '', code: 1 });
  });
  it("busybox nslookup refuses an option it does not know with its usage, and a bad type with its error", () => {
    expect(busyboxNslookup(['-q=a', 'x'], NOWHERE).stderr).toMatch(/^BusyBox v1\.36\.1 .*\n\nUsage: nslookup \[-type=QUERY_TYPE\] \[-debug\] HOST \[DNS_SERVER\]\n/);
    expect(busyboxNslookup(['-type=bogus', 'x'], NOWHERE)).toEqual({ stdout: '', stderr: 'nslookup: invalid query type "bogus"\n', code: 1 });
  });
});

describe('dns tools against a cluster', () => {
  let cluster: Cluster;
  let ctx: DnsToolContext;
  beforeAll(() => {
    cluster = newTestCluster();
    ctx = { namespace: 'default', api: cluster.api, nowMs: Date.UTC(2026, 0, 1, 0, 6) };
  });

  it("dig's report of an NXDOMAIN, columns as bind lays them out", () => {
    expect(digTool(['nope.default.svc.cluster.local'], ctx).stdout).toBe(`
; <<>> DiG 9.9.5-9+deb8u19-Debian <<>> nope.default.svc.cluster.local
;; global options: +cmd
;; Got answer:
;; ->>HEADER<<- opcode: QUERY, status: NXDOMAIN, id: 41795
;; flags: qr aa rd; QUERY: 1, ANSWER: 0, AUTHORITY: 0, ADDITIONAL: 1
;; WARNING: recursion requested but not available

;; OPT PSEUDOSECTION:
; EDNS: version: 0, flags:; udp: 4096
;; QUESTION SECTION:
;nope.default.svc.cluster.local. IN	A

;; Query time: 0 msec
;; SERVER: 10.96.0.10#53(10.96.0.10)
;; WHEN: Thu Jan 01 00:06:00 UTC 2026
;; MSG SIZE  rcvd: 59

`);
  });

  it("dig's answer lines: a long owner is followed by one space, a short one by tabs", () => {
    expect(digTool(['kubernetes.default.svc.cluster.local'], ctx).stdout).toContain(';; ANSWER SECTION:\nkubernetes.default.svc.cluster.local. 30 IN A\t10.96.0.1\n');
    expect(digTool(['-x', '10.96.0.1'], ctx).stdout).toContain(';; QUESTION SECTION:\n;1.0.96.10.in-addr.arpa.\tIN\tPTR\n\n;; ANSWER SECTION:\n1.0.96.10.in-addr.arpa.\t30\tIN\tPTR\tkubernetes.default.svc.cluster.local.\n');
  });

  it('host -t names the record a name lacks', () => {
    expect(hostTool(['-t', 'AAAA', 'kubernetes.default.svc.cluster.local'], ctx)).toEqual({ stdout: 'kubernetes.default.svc.cluster.local has no AAAA record\n', stderr: '', code: 0 });
    expect(hostTool(['-t', 'srv', '_https._tcp.kubernetes.default.svc.cluster.local'], ctx).stdout).toBe('_https._tcp.kubernetes.default.svc.cluster.local has SRV record 0 100 443 kubernetes.default.svc.cluster.local.\n');
  });

  it('busybox nslookup of an address asks for its PTR', () => {
    expect(busyboxNslookup(['10.96.0.10'], ctx)).toEqual({
      stdout: 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n10.0.96.10.in-addr.arpa\tname = kube-dns.kube-system.svc.cluster.local\n\n', stderr: '', code: 0,
    });
  });
});
