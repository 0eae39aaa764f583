import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// The Kubernetes docs' "Expose Pod Information to Containers Through Files" example (dapi-volume.yaml).
const DAPI = `apiVersion: v1
kind: Pod
metadata:
  name: kubernetes-downwardapi-volume-example
  labels:
    zone: us-est-coast
    cluster: test-cluster1
    rack: rack-22
  annotations:
    build: two
    builder: john-doe
spec:
  containers:
    - name: client-container
      image: registry.k8s.io/busybox:1.27.2
      command: ["sh", "-c"]
      args:
      - while true; do
          if [[ -e /etc/podinfo/labels ]]; then
            echo -en '\\n\\n'; cat /etc/podinfo/labels; fi;
          if [[ -e /etc/podinfo/annotations ]]; then
            echo -en '\\n\\n'; cat /etc/podinfo/annotations; fi;
          sleep 5;
        done;
      volumeMounts:
        - name: podinfo
          mountPath: /etc/podinfo
  volumes:
    - name: podinfo
      downwardAPI:
        items:
          - path: "labels"
            fieldRef:
              fieldPath: metadata.labels
          - path: "annotations"
            fieldRef:
              fieldPath: metadata.annotations
`;

// The docs' "Configure a Pod to Use a Projected Volume for Storage" example, with a ConfigMap and the pod's name besides.
const PROJECTED = `apiVersion: v1
kind: Pod
metadata:
  name: test-projected-volume
spec:
  containers:
  - name: test-projected-volume
    image: busybox:1.28
    args: [sleep, "86400"]
    volumeMounts:
    - name: all-in-one
      mountPath: "/projected-volume"
      readOnly: true
  volumes:
  - name: all-in-one
    projected:
      sources:
      - secret: {name: user}
      - secret: {name: pass}
      - configMap: {name: settings, items: [{key: mode, path: config/mode}]}
      - downwardAPI: {items: [{path: podname, fieldRef: {fieldPath: metadata.name}}]}
`;

describe('downwardAPI and projected volumes', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('downward-api', 7);
    home.run(['create', '-f', home.file('dapi.yaml', DAPI)]);
    home.run(['create', 'secret', 'generic', 'user', '--from-literal=username.txt=admin']);
    home.run(['create', 'secret', 'generic', 'pass', '--from-literal=password.txt=1f2d1e2e67df']);
    home.run(['create', 'configmap', 'settings', '--from-literal=mode=debug']);
    home.run(['apply', '-f', home.file('projected.yaml', PROJECTED)]);
    home.run('tick 12s');
  });
  afterAll(() => home.cleanup());

  it('gives the docs\' loop the labels and annotations files, every five seconds', () => {
    const logs = home.run('logs kubernetes-downwardapi-volume-example');
    const seen = /kubernetes\.io\/config\.seen="([^"]+)"/.exec(logs.stdout)?.[1];
    expect(seen).toMatch(/^2026-01-01T00:05:\d\d\.\d+Z$/);
    const round = ['', '', 'cluster="test-cluster1"', 'rack="rack-22"', 'zone="us-est-coast"', '', 'build="two"', 'builder="john-doe"',
      `kubernetes.io/config.seen="${seen}"`, 'kubernetes.io/config.source="api"'];
    // The annotations file ends without a newline: containerd holds the last round's last line
    // until the next round's echo ends it, so the log shows it only for the rounds before.
    const all = [...round, ...round.slice(1), ...round.slice(1)];
    expect(logs).toEqual({ stdout: `${all.slice(0, -1).join('\n')}\n`, stderr: '', code: 0 });
    expect(home.run('exec kubernetes-downwardapi-volume-example -- cat /etc/podinfo/labels').stdout).toBe('cluster="test-cluster1"\nrack="rack-22"\nzone="us-est-coast"');
  });

  it('projects Secrets, a ConfigMap\'s key and a pod field into one folder', () => {
    expect(home.run('exec test-projected-volume -- ls /projected-volume/').stdout).toBe('config\npassword.txt\npodname\nusername.txt\n');
    expect(home.run(['exec', 'test-projected-volume', '--', 'sh', '-c', 'cd /projected-volume; cat username.txt; echo; cat password.txt; echo; cat config/mode podname']).stdout)
      .toBe('admin\n1f2d1e2e67df\ndebugtest-projected-volume');
  });

  it('keeps a pod whose projected ConfigMap is missing in ContainerCreating, with FailedMount', () => {
    home.run(['run', 'broken', '--image=busybox:1.28', '--overrides', JSON.stringify({ spec: { volumes: [{ name: 'p', projected: { sources: [{ configMap: { name: 'absent' } }] } }], containers: [{ name: 'broken', image: 'busybox:1.28', args: ['sleep', '3600'], volumeMounts: [{ name: 'p', mountPath: '/p' }] }] } })]);
    home.run('tick 10s');
    expect(home.run('get pod broken').stdout).toContain('ContainerCreating');
    expect(home.run('get events --field-selector involvedObject.name=broken').stdout).toContain('MountVolume.SetUp failed for volume "p" : configmap "absent" not found');
  });
});
