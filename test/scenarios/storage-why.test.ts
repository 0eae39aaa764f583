import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { podUsingClaim } from '../helpers/storage-manifests';

const CLASSES = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: manual
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: Immediate
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: local
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
`;
const claim = (storageClass: string): string => `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  storageClassName: ${storageClass}
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
`;
const POD = podUsingClaim();
const PREEMPTION = 'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..';
const TAINT = 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }';

function claimEvents(home: TempHome): string[] {
  return JSON.parse(home.run('get events -o json').stdout).items
    .filter((e: { involvedObject: { kind: string } }) => e.involvedObject.kind === 'PersistentVolumeClaim')
    .map((e: { type: string; reason: string; message: string }) => `${e.type} ${e.reason}: ${e.message}`);
}

describe('why: volume binding', () => {
  let home: TempHome;
  beforeEach(() => {
    home = manualCluster('why-volumes', 7);
    home.run(['apply', '-f', home.file('classes.yaml', CLASSES)]);
  });
  afterEach(() => home.cleanup());

  it('names an unbound Immediate claim as the PreFilter rejection', () => {
    home.run(['apply', '-f', home.file('pvc.yaml', claim('manual'))]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    const dashes = '-                   -          -                 -              -           -                  -               -            -                   -                  filtered';
    expect(home.run('why pod/app')).toEqual({
      stdout: [
        'Pod default/app is not scheduled; computed against the cluster now (3 nodes).',
        'PreFilter rejected the pod on every node: VolumeBinding: pod has unbound immediate PersistentVolumeClaims',
        '',
        'Filters:',
        'NODE        NodeUnschedulable   NodeName   TaintToleration   NodeAffinity   NodePorts   NodeResourcesFit   VolumeBinding   VolumeZone   PodTopologySpread   InterPodAffinity   RESULT',
        `control01   ${dashes}`,
        `worker01    ${dashes}`,
        `worker02    ${dashes}`,
        '',
        `Result: unschedulable: 0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. ${PREEMPTION}`,
        '',
      ].join('\n'),
      stderr: '',
      code: 0,
    });
    // No in-tree plugin provisions for kubernetes.io/no-provisioner: the PV controller says so.
    expect(claimEvents(home)).toEqual(['Warning ProvisioningFailed: no volume plugin matched name: kubernetes.io/no-provisioner']);
  });

  it('says no node can get a volume for a WaitForFirstConsumer claim without provisioner or volume', () => {
    home.run(['apply', '-f', home.file('pvc.yaml', claim('local'))]);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    const none = "node(s) didn't find available persistent volumes to bind";
    const stdout = home.run('why pod/app').stdout;
    const rows = stdout.split('\n').filter((l) => /^(control01|worker0\d) /.test(l)).map((l) => l.split(/ {2,}/));
    expect(rows.map((r) => [r[0], r[7], r.at(-1)])).toEqual([
      ['control01', none, 'filtered'], ['worker01', none, 'filtered'], ['worker02', none, 'filtered'],
    ]);
    expect(stdout.split('\n').at(-2)).toBe(`Result: unschedulable: 0/3 nodes are available: 1 ${TAINT}, 2 ${none}. ${PREEMPTION}`);
    // The claim itself waits for that consumer, as the PV controller says.
    expect(claimEvents(home)).toEqual(['Normal WaitForFirstConsumer: waiting for first consumer to be created before binding']);
  });
});
