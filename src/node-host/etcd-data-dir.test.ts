import { describe, expect, it } from 'vitest';
import { controlPlaneManifests } from '../kubelet/static-pods';
import { DEFAULT_POD_NETWORK } from '../network/ipam';
import { toYaml } from '../yaml/write-yaml';
import { DEFAULT_ETCD_DATA_DIR, etcdDataChange, etcdDataDir } from './etcd-data-dir';

const etcdYaml = toYaml(controlPlaneManifests(DEFAULT_POD_NETWORK).find((m) => m.metadata.name === 'etcd'));

describe('etcdDataDir', () => {
  it('reads the etcd-data volume\'s hostPath from kubeadm\'s manifest, not the certificates\' one', () => {
    expect(etcdDataDir(etcdYaml)).toBe(DEFAULT_ETCD_DATA_DIR);
    expect(etcdDataDir(etcdYaml.replace('path: /var/lib/etcd\n', 'path: /var/lib/etcd-from-backup/\n'))).toBe('/var/lib/etcd-from-backup');
  });
  it('has nothing to say about a manifest that does not decode or has no etcd-data volume', () => {
    expect(etcdDataDir(undefined)).toBeUndefined();
    expect(etcdDataDir('kind: [')).toBeUndefined();
    expect(etcdDataDir(etcdYaml.replaceAll('name: etcd-data', 'name: data'))).toBeUndefined();
  });
});

describe('etcdDataChange', () => {
  const has = (...dirs: string[]) => (p: string) => dirs.includes(p);
  it('restores from a folder holding a database, crash-loops on one without, and leaves an unchanged path alone', () => {
    expect(etcdDataChange('/var/lib/etcd', '/var/lib/etcd', has())).toBeUndefined();
    expect(etcdDataChange('/var/lib/etcd-from-backup', '/var/lib/etcd', has('/var/lib/etcd-from-backup'))).toEqual({ restoreFrom: '/var/lib/etcd-from-backup' });
    expect(etcdDataChange('/var/lib/etcd-typo', '/var/lib/etcd', has('/var/lib/etcd-from-backup'))).toEqual({ crashLoop: '/var/lib/etcd-typo' });
    expect(etcdDataChange('/var/lib/etcd', '/var/lib/etcd-from-backup', has())).toEqual({ back: true });
  });
});
