import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { podUsingClaim } from '../helpers/storage-manifests';

const PVC = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
`;
const POD = podUsingClaim();
const size = (s: string): string => `{"spec":{"resources":{"requests":{"storage":"${s}"}}}}`;
const NO_RESIZE = 'Error from server (Forbidden): persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize\n';

describe('storage: claim resizing', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('resize', 7); });
  afterEach(() => home.cleanup());

  it('refuses to grow a claim whose class does not allow expansion, and to shrink it to its capacity', () => {
    home.run(['apply', '-f', home.file('pvc.yaml', PVC)]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 10s');
    expect(home.run(['patch', 'pvc', 'data', '-p', size('2Gi')])).toEqual({ stdout: '', stderr: NO_RESIZE, code: 1 });
    expect(home.run(['patch', 'pvc', 'data', '-p', size('512Mi')])).toEqual({
      stdout: '',
      stderr: 'The PersistentVolumeClaim "data" is invalid: spec.resources.requests.storage: Forbidden: field can not be less than status.capacity\n',
      code: 1,
    });
    expect(home.run(['get', 'pvc', 'data', '-o', 'jsonpath={.spec.resources.requests.storage} {.status.capacity.storage}']).stdout).toBe('1Gi 1Gi');
  });

  it('refuses to resize an unbound claim: its spec is immutable until bound', () => {
    home.run(['apply', '-f', home.file('pvc.yaml', PVC)]);
    expect(home.run(['patch', 'pvc', 'data', '-p', size('2Gi')])).toEqual({
      stdout: '',
      stderr: 'The PersistentVolumeClaim "data" is invalid: spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n',
      code: 1,
    });
  });

  it('lets a class that allows expansion grow a bound claim; with no resizer for local-path, capacity stays', () => {
    const expandable = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: expandable
provisioner: rancher.io/local-path
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
`;
    home.run(['apply', '-f', home.file('sc.yaml', expandable)]);
    home.run(['apply', '-f', home.file('pvc.yaml', PVC.replace('spec:\n', 'spec:\n  storageClassName: expandable\n'))]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 10s');
    expect(home.run(['patch', 'pvc', 'data', '-p', size('2Gi')])).toEqual({ stdout: 'persistentvolumeclaim/data patched\n', stderr: '', code: 0 });
    home.run('tick 1m');
    // As on kind: the local-path provisioner ships no external-resizer, so nothing grows the volume.
    expect(home.run(['get', 'pvc', 'data', '-o', 'jsonpath={.spec.resources.requests.storage} {.status.capacity.storage} {.status.conditions}']).stdout).toBe('2Gi 1Gi ');
  });

  it('checks a resize against the namespace LimitRange before the class', () => {
    const limits = `apiVersion: v1
kind: LimitRange
metadata:
  name: storage
spec:
  limits:
  - type: PersistentVolumeClaim
    max:
      storage: 2Gi
`;
    home.run(['apply', '-f', home.file('pvc.yaml', PVC)]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 10s');
    home.run(['apply', '-f', home.file('limits.yaml', limits)]);
    expect(home.run(['patch', 'pvc', 'data', '-p', size('5Gi')])).toEqual({
      stdout: '',
      stderr: 'Error from server (Forbidden): persistentvolumeclaims "data" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 5Gi\n',
      code: 1,
    });
    expect(home.run(['patch', 'pvc', 'data', '-p', size('2Gi')])).toEqual({ stdout: '', stderr: NO_RESIZE, code: 1 });
  });

  it('charges a resize to the namespace quota', () => {
    const sc = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: expandable
provisioner: rancher.io/local-path
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
`;
    home.run(['apply', '-f', home.file('sc.yaml', sc)]);
    home.run(['apply', '-f', home.file('pvc.yaml', PVC.replace('spec:\n', 'spec:\n  storageClassName: expandable\n'))]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 10s');
    home.run('create quota storage --hard=requests.storage=2Gi');
    home.run('tick 1s');
    expect(home.run(['patch', 'pvc', 'data', '-p', size('3Gi')])).toEqual({
      stdout: '',
      stderr: 'Error from server (Forbidden): persistentvolumeclaims "data" is forbidden: exceeded quota: storage, requested: requests.storage=2Gi, used: requests.storage=1Gi, limited: requests.storage=2Gi\n',
      code: 1,
    });
    expect(home.run(['patch', 'pvc', 'data', '-p', size('2Gi')]).code).toBe(0);
  });
});

