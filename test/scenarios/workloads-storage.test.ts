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
      storage: 2Gi
`;
const POD = podUsingClaim();

function claimEvents(home: TempHome): string[] {
  return JSON.parse(home.run('get events -o json').stdout).items
    .sort((a: { metadata: { resourceVersion: string } }, b: { metadata: { resourceVersion: string } }) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .filter((e: { involvedObject: { kind: string } }) => e.involvedObject.kind === 'PersistentVolumeClaim')
    .map((e: { reason: string; message: string }) => `${e.reason} ${e.message}`);
}

describe('workloads: storage', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('storage', 7); });
  afterEach(() => home.cleanup());

  it('binds a claim through the default StorageClass once its pod is scheduled', () => {
    home.run(['apply', '-f', home.file('pvc.yaml', PVC)]);
    home.run('tick 10s');
    expect(home.run('get pvc data --no-headers').stdout.split(/ +/).slice(0, 2)).toEqual(['data', 'Pending']);
    expect(claimEvents(home)).toEqual(['WaitForFirstConsumer waiting for first consumer to be created before binding']);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 10s');
    const pvc = JSON.parse(home.run('get pvc data -o json').stdout);
    const pod = JSON.parse(home.run('get pod app -o json').stdout);
    const pv = `pvc-${pvc.metadata.uid}`;
    expect(pvc.spec.volumeName).toBe(pv);
    expect(pvc.metadata.annotations['volume.kubernetes.io/selected-node']).toBe(pod.spec.nodeName);
    expect(pvc.status).toEqual({ phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '2Gi' } });
    expect(claimEvents(home).slice(1)).toEqual([
      "ExternalProvisioning Waiting for a volume to be created either by the external provisioner 'rancher.io/local-path' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
      'Provisioning External provisioner is provisioning volume for claim "default/data"',
      `ProvisioningSucceeded Successfully provisioned volume ${pv}`,
    ]);
    expect(home.run(`get pv ${pv} --no-headers`).stdout.split(/ +/).slice(0, 7)).toEqual([pv, '2Gi', 'RWO', 'Delete', 'Bound', 'default/data', 'standard']);
    // Deleting pod and claim releases the volume; reclaim policy Delete removes it.
    home.run('delete pod app');
    home.run('delete pvc data');
    home.run('tick 1m');
    expect(home.run('get pv')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
  });
});
