import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { podUsingClaim } from '../helpers/storage-manifests';

const claim = (name: string, extra = ''): string => `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: ${name}
spec:
  accessModes: ["ReadWriteOnce"]${extra}
  resources:
    requests:
      storage: 1Gi
`;
const POD = podUsingClaim();
const STATIC_PV = `apiVersion: v1
kind: PersistentVolume
metadata:
  name: static
spec:
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOnce"]
  hostPath:
    path: /mnt/static
`;

const cells = (home: TempHome, what: string, n: number): string[] =>
  home.run(`get ${what} --no-headers`).stdout.trim().split(/ +/).slice(0, n);

describe('storage: default class and protection finalizers', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('protect', 7); });
  afterEach(() => home.cleanup());

  it('gives a class-less claim the default class at admission, and keeps an explicit empty class', () => {
    home.run(['apply', '-f', home.file('data.yaml', claim('data'))]);
    home.run(['apply', '-f', home.file('plain.yaml', claim('plain', '\n  storageClassName: ""'))]);
    expect(home.run('get pvc').stdout).toBe([
      'NAME    STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE',
      'data    Pending                                      standard       <unset>                 0s',
      'plain   Pending                                                     <unset>                 0s',
      '',
    ].join('\n'));
    expect(home.run(['get', 'pvc', 'plain', '-o', 'jsonpath={.spec.storageClassName}|{.metadata.finalizers}'])).toEqual({
      stdout: '|["kubernetes.io/pvc-protection"]', stderr: '', code: 0,
    });
    // The server-side dry run shows what admission did, as upstream's does.
    const dry = JSON.parse(home.run(['create', '-f', home.file('more.yaml', claim('more')), '--dry-run=server', '-o', 'json']).stdout);
    expect([dry.spec.storageClassName, dry.metadata.finalizers]).toEqual(['standard', ['kubernetes.io/pvc-protection']]);
  });

  it('gives a class-less claim the class that becomes default later, and its pod then runs', () => {
    home.run('annotate storageclass standard storageclass.kubernetes.io/is-default-class-');
    home.run(['apply', '-f', home.file('data.yaml', claim('data'))]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 5s');
    expect(cells(home, 'pvc data', 4)).toEqual(['data', 'Pending', '<unset>', '5s']);
    expect(cells(home, 'pod app', 3)).toEqual(['app', '0/1', 'Pending']);
    home.run('annotate storageclass standard storageclass.kubernetes.io/is-default-class=true');
    home.run('tick 5s');
    expect(cells(home, 'pvc data', 2)).toEqual(['data', 'Bound']);
    expect(home.run(['get', 'pvc', 'data', '-o', 'jsonpath={.spec.storageClassName}']).stdout).toBe('standard');
    expect(cells(home, 'pod app', 3)).toEqual(['app', '1/1', 'Running']);
  });

  it('keeps a deleted claim Terminating while a pod uses it, then lets claim and volume go', () => {
    home.run(['apply', '-f', home.file('data.yaml', claim('data'))]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 10s');
    const pv = JSON.parse(home.run('get pvc data -o json').stdout).spec.volumeName;
    expect(home.run(['get', 'pv', pv, '-o', 'jsonpath={.metadata.finalizers}']).stdout).toBe('["kubernetes.io/pv-protection"]');
    // kubectl would block here until its timeout; kubemu returns without moving the clock.
    expect(home.run('delete pvc data')).toEqual({ stdout: 'persistentvolumeclaim "data" deleted\n', stderr: '', code: 0 });
    expect(cells(home, 'pvc data', 8)).toEqual(['data', 'Terminating', pv, '1Gi', 'RWO', 'standard', '<unset>', '10s']);
    home.run('tick 1m');
    expect(cells(home, 'pvc data', 2)).toEqual(['data', 'Terminating']);
    expect(cells(home, `pv ${pv}`, 5)).toEqual([pv, '1Gi', 'RWO', 'Delete', 'Bound']);
    expect(home.run('delete pod app').code).toBe(0);
    expect(home.run('get pvc data')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): persistentvolumeclaims "data" not found\n', code: 1 });
    home.run('tick 1s');
    expect(home.run('get pv')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
  });

  it('keeps a deleted volume Terminating while it is bound', () => {
    home.run(['apply', '-f', home.file('pv.yaml', STATIC_PV)]);
    home.run(['apply', '-f', home.file('data.yaml', claim('data', '\n  storageClassName: ""'))]);
    expect(cells(home, 'pvc data', 3)).toEqual(['data', 'Bound', 'static']);
    expect(home.run('delete pv static')).toEqual({ stdout: 'persistentvolume "static" deleted\n', stderr: '', code: 0 });
    expect(cells(home, 'pv static', 5)).toEqual(['static', '1Gi', 'RWO', 'Retain', 'Terminating']);
    // With the claim gone the volume is Released, no longer protected, and goes.
    expect(home.run('delete pvc data')).toEqual({ stdout: 'persistentvolumeclaim "data" deleted\n', stderr: '', code: 0 });
    expect(home.run('get pv')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
  });

  it('lets a deleted namespace go as soon as its pod and then its protected claim are gone', () => {
    home.run('create namespace x');
    home.run(['apply', '-n', 'x', '-f', home.file('data.yaml', claim('data'))]);
    home.run(['apply', '-n', 'x', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 10s');
    expect(home.run('delete namespace x')).toEqual({ stdout: 'namespace "x" deleted\n', stderr: '', code: 0 });
    // The wait ended when the claim went, not at some later periodic recheck.
    expect(home.run('tick 1s').stdout).toBe('2026-01-01T00:05:11Z -> 2026-01-01T00:05:12Z: no events\n');
    expect(home.run('get pv')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
  });
});

