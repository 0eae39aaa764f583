import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { containerFileStats, standingFoldersOf } from './file-stats';
import { dataDir } from './atomic-writer';
import { processUser } from './shell-system';

const START = Date.UTC(2026, 0, 1, 0, 5);
// The pod of the Kubernetes docs' "Configure a Security Context" task, with a ConfigMap and the service account's volume.
const pod = {
  metadata: { name: 'security-context-demo' },
  spec: {
    securityContext: { runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000 },
    volumes: [{ name: 'sec-ctx-vol', emptyDir: {} }, { name: 'cfg', configMap: { name: 'cfg' } }, { name: 'kube-api-access-x', projected: { sources: [] } }],
    containers: [{ name: 'c', volumeMounts: [{ name: 'sec-ctx-vol', mountPath: '/data/demo' }, { name: 'cfg', mountPath: '/etc/config' }, { name: 'kube-api-access-x', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }] }],
  },
  status: { startTime: '2026-01-01T00:04:00Z' },
} as unknown as KubeObject;
const spec = pod.spec!.containers[0];
const stat = containerFileStats(pod, spec, processUser(pod.spec?.securityContext, undefined), START, { '/etc/hosts': '', '/etc/config/key': 'v', '/data/demo/': '' });
const POD_START = Date.parse('2026-01-01T00:04:00Z');

describe('a container\'s file owners and modes', () => {
  it('gives an fsGroup emptyDir its group and set-group-ID, and what the process writes there that group', () => {
    expect(stat('/data/demo', 'made-dir')).toEqual({ mode: 'drwxrwsrwx', uid: 0, gid: 2000, mtimeMs: POD_START });
    expect(stat('/data/demo/testfile', 'file', START + 1000)).toEqual({ mode: '-rw-r--r--', uid: 1000, gid: 2000, mtimeMs: START + 1000 });
    expect(stat('/data/demo/sub', 'made-dir', START)).toEqual({ mode: 'drwxr-sr-x', uid: 1000, gid: 2000, mtimeMs: START });
  });

  it('writes elsewhere as the process\'s user and group', () => {
    expect(stat('/tmp/x', 'file')).toEqual({ mode: '-rw-r--r--', uid: 1000, gid: 3000, mtimeMs: START });
  });

  it('shows a ConfigMap\'s and the service account\'s keys as symlinks into ..data', () => {
    expect(stat('/etc/config/key', 'file')).toEqual({ mode: 'lrwxrwxrwx', uid: 0, gid: 0, mtimeMs: POD_START, link: '..data/key' });
    expect(stat('/etc/config', 'dir').mode).toBe('drwxrwsrwx');
    expect(stat('/var/run/secrets/kubernetes.io/serviceaccount', 'dir').mode).toBe('drwxrwsrwt');
    expect(stat('/var/run/secrets/kubernetes.io/serviceaccount/token', 'file').link).toBe('..data/token');
  });

  it('shows ..data as a link to the timestamped folder the keys were written into', () => {
    const dir = dataDir(pod, 'cfg');
    expect(dir).toMatch(/^\.\.2026_01_01_00_04_00\.\d+$/);
    expect(stat('/etc/config/..data', 'dir')).toEqual({ mode: 'lrwxrwxrwx', uid: 0, gid: 0, mtimeMs: POD_START, link: dir });
    expect(stat(`/etc/config/${dir}`, 'dir')).toEqual({ mode: 'drwxr-xr-x', uid: 0, gid: 2000, mtimeMs: POD_START });
    expect(dataDir(pod, 'kube-api-access-x')).not.toBe(dir);
  });

  it('leaves the image\'s and the kubelet\'s files to root', () => {
    expect(stat('/etc/hosts', 'file')).toEqual({ mode: '-rw-r--r--', uid: 0, gid: 0, mtimeMs: START });
    expect([stat('/tmp', 'dir').mode, stat('/root', 'dir').mode, stat('/etc', 'dir').mode]).toEqual(['drwxrwxrwt', 'drwx------', 'drwxr-xr-x']);
  });
});

describe('standing folders', () => {
  it('are the mount points (not a subPath file) and the working directory', () => {
    expect(standingFoldersOf({ workingDir: '/app/', volumeMounts: [{ name: 'd', mountPath: '/data/' }, { name: 'c', mountPath: '/etc/x.conf', subPath: 'x.conf' }] })).toEqual(['/data', '/app']);
    expect(standingFoldersOf({ volumeMounts: [] })).toEqual([]);
  });
});
