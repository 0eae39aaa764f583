import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const TLS = '--endpoints=https://127.0.0.1:2379 --cacert=/etc/kubernetes/pki/etcd/ca.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key';
const MANIFEST = '/etc/kubernetes/manifests/etcd.yaml';
const repoint = (from: string, to: string) => `sed -i 's#path: ${from}$#path: ${to}#' ${MANIFEST}\n`;
const REFUSED = 'The connection to the server 172.18.0.2:6443 was refused - did you specify the right host or port?\n';

describe('restoring etcd the exam\'s way, from the control plane\'s shell', () => {
  const home = manualCluster('kubemu', 7);
  afterAll(() => home.cleanup());
  const nodeFiles = path.join(home.dir, 'clusters', 'kubemu', 'node-files', 'control01');

  it('kubeadm\'s etcd manifest mounts its data directory from the host as etcd-data', () => {
    const r = home.run(['ssh', 'control01', '--', `tail -n 9 ${MANIFEST}`]);
    expect(r.stdout).toBe([
      '  volumes:', '  - hostPath:', '      path: /etc/kubernetes/pki/etcd', '      type: DirectoryOrCreate', '    name: etcd-certs',
      '  - hostPath:', '      path: /var/lib/etcd', '      type: DirectoryOrCreate', '    name: etcd-data', ''].join('\n'));
    // The exam's ways of finding it: a sed range to the end, grep with several patterns and context.
    expect(home.run(['ssh', 'control01', '--', `sed -n '/^  volumes:/,$p' ${MANIFEST}`]).stdout).toBe(r.stdout);
    expect(home.run(['ssh', 'control01', '--', `grep -n -B2 -e 'name: etcd-certs' -e 'name: etcd-data' ${MANIFEST}`])).toEqual({ code: 0, stderr: '', stdout: [
      '28-    volumeMounts:', '29-    - mountPath: /etc/kubernetes/pki/etcd', '30:      name: etcd-certs', '31-    - mountPath: /var/lib/etcd', '32:      name: etcd-data', '--',
      '41-      path: /etc/kubernetes/pki/etcd', '42-      type: DirectoryOrCreate', '43:    name: etcd-certs', '--',
      '45-      path: /var/lib/etcd', '46-      type: DirectoryOrCreate', '47:    name: etcd-data', ''].join('\n') });
  });

  it('a data directory without a database crash-loops etcd: the API server is unreachable until the manifest is fixed', () => {
    expect(home.run(['ssh', 'control01'], { stdin: repoint('/var/lib/etcd', '/var/lib/etcd-empty') }).code).toBe(0);
    expect(home.run('get configmaps')).toEqual({ code: 1, stdout: '', stderr: REFUSED });
    expect(home.run(['ssh', 'control01'], { stdin: repoint('/var/lib/etcd-empty', '/var/lib/etcd') }).code).toBe(0);
    expect(home.run('get configmaps').code).toBe(0);
  });

  it('snapshot save, a later change, etcdutl restore and the repointed hostPath bring the snapshot\'s state back', () => {
    expect(home.run('create configmap before --from-literal=a=1').code).toBe(0);
    const before = home.run('get configmap before -o yaml').stdout;
    const save = home.run(['ssh', 'control01'], { stdin: `ETCDCTL_API=3 etcdctl ${TLS} snapshot save /opt/backup.db\n` });
    expect(save.stdout).toBe('Snapshot saved at /opt/backup.db\n');
    expect(save.stderr.trimEnd().split('\n').map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['created temporary db file',
      'opened snapshot stream; downloading', 'fetching snapshot', 'completed snapshot read; closing', 'fetched snapshot', 'saved']);
    // The snapshot is on the node's disk: a later session finds it.
    expect(fs.statSync(path.join(nodeFiles, 'opt', 'backup.db')).size % 512).toBe(32);
    expect(home.run(['ssh', 'control01', '--', 'etcdutl snapshot status /opt/backup.db']).stdout).toMatch(/^[0-9a-f]+, \d+, \d+, \d+ kB\n$/);
    // The node's shell sees what the tools wrote, and its rm removes it from the same disk.
    expect(home.run(['ssh', 'control01'], { stdin: `ETCDCTL_API=3 etcdctl ${TLS} snapshot save /opt/extra.db\n` }).code).toBe(0);
    expect(home.run(['ssh', 'control01', '--', 'ls /opt; ls /mnt; test -s /opt/backup.db && echo saved'])).toEqual({ code: 0, stdout: 'backup.db\nextra.db\nsaved\n', stderr: '' });
    expect(home.run(['ssh', 'control01', '--', 'rm /opt/extra.db; ls /opt'])).toEqual({ code: 0, stdout: 'backup.db\n', stderr: '' });
    expect(fs.existsSync(path.join(nodeFiles, 'opt', 'extra.db'))).toBe(false);

    expect(home.run('create configmap after --from-literal=b=2').code).toBe(0);
    const restore = home.run(['ssh', 'control01'], {
      stdin: `etcdutl snapshot restore /opt/backup.db --data-dir /var/lib/etcd-from-backup\n${repoint('/var/lib/etcd', '/var/lib/etcd-from-backup')}`,
    });
    expect(restore).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(home.run('get configmap before -o yaml').stdout).toBe(before);
    expect(home.run('get configmap after')).toEqual({ code: 1, stdout: '', stderr: 'Error from server (NotFound): configmaps "after" not found\n' });
    // The edited manifest is the node's file, not etcd's: it outlives the restore, and etcd keeps serving the restored data.
    expect(home.run(['ssh', 'control01', '--', `grep etcd-from-backup ${MANIFEST}`]).stdout).toBe('      path: /var/lib/etcd-from-backup\n');
    expect(home.run(['ssh', 'control01', '--', 'etcdutl snapshot restore /opt/backup.db --data-dir /var/lib/etcd-from-backup'])).toEqual({
      code: 1, stdout: '', stderr: 'Error: data-dir "/var/lib/etcd-from-backup" not empty or could not be read\n' });
    expect(home.run('create configmap later --from-literal=c=3').code).toBe(0);
    expect(home.run('get configmap later').code).toBe(0);
  });
});
