import { describe, expect, it } from 'vitest';
import { componentOf, startFailure, unknownFlag } from './component-flags';

const ETCD = ['etcd', '--data-dir=/var/lib/etcd', '--cert-file=/etc/kubernetes/pki/etcd/server.crt'];
const has = (files: string[]) => (p: string) => files.includes(p);

describe('component-flags', () => {
  it('names the component a command line starts, by its binary', () => {
    expect(componentOf(['/usr/local/bin/kube-scheduler', '--v=2'])).toBe('kube-scheduler');
    expect(componentOf(['nginx'])).toBeUndefined();
  });

  it('a cobra component prints "Error: unknown flag"; etcd prints Go flag\'s text with one dash', () => {
    expect(startFailure(['kube-scheduler', '--leader-elect=true', '--xyz=1'], () => undefined, 0)).toEqual(['Error: unknown flag: --xyz']);
    expect(startFailure(['etcd', '--datadir=/var/lib/etcd'], () => undefined, 0)).toEqual(['flag provided but not defined: -datadir']);
    // A common component flag is no etcd flag.
    expect(unknownFlag('etcd', ['etcd', '--kubeconfig=/x'])).toBe('kubeconfig');
    expect(unknownFlag('kube-apiserver', ['kube-apiserver', '--audit-log-path=/var/log/a.log', '--kubeconfig=/x'])).toBeUndefined();
  });

  it('etcd exits when a certificate it names is not there, and starts when it is or cannot be told', () => {
    expect(startFailure(ETCD, has([]), Date.UTC(2026, 0, 1, 0, 6, 31))).toEqual([
      '{"level":"fatal","ts":"2026-01-01T00:06:31.000000Z","caller":"etcdmain/etcd.go:204","msg":"discovery failed","error":"open /etc/kubernetes/pki/etcd/server.crt: no such file or directory"}']);
    expect(startFailure(ETCD, has(['/etc/kubernetes/pki/etcd/server.crt']), 0)).toBeUndefined();
    expect(startFailure(ETCD, () => undefined, 0)).toBeUndefined();
    expect(startFailure(['kube-scheduler', '--leader-elect=true'], has([]), 0)).toBeUndefined();
  });
});
