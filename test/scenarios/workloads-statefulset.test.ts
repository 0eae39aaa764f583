import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const STS = `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector:
    app: nginx
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
`;

function stsEvents(home: TempHome): string[] {
  return JSON.parse(home.run('get events -o json').stdout).items
    .sort((a: { metadata: { resourceVersion: string } }, b: { metadata: { resourceVersion: string } }) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .filter((e: { involvedObject: { kind: string } }) => e.involvedObject.kind === 'StatefulSet')
    .map((e: { reason: string; message: string }) => `${e.reason} ${e.message}`);
}

describe('workloads: StatefulSets', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('sts', 7); });
  afterEach(() => home.cleanup());

  it('creates web-0..2 and their claims in order, one after another is ready', () => {
    expect(home.run(['apply', '-f', home.file('sts.yaml', STS)]).stdout).toBe('service/nginx created\nstatefulset.apps/web created\n');
    expect(home.run('get pods --no-headers').stdout.split(/ +/)[0]).toBe('web-0');
    home.run('tick 1m');
    expect(home.run('get sts web').stdout).toBe('NAME   READY   AGE\nweb    3/3     60s\n');
    expect(home.run('get pods -o name').stdout).toBe('pod/web-0\npod/web-1\npod/web-2\n');
    const pvcs = home.run('get pvc --no-headers').stdout.trim().split('\n').map((l) => l.split(/ +/).slice(0, 2).join(' '));
    expect(pvcs).toEqual(['www-web-0 Bound', 'www-web-1 Bound', 'www-web-2 Bound']);
    expect(stsEvents(home)).toEqual([
      'SuccessfulCreate create Claim www-web-0 Pod web-0 in StatefulSet web success',
      'SuccessfulCreate create Pod web-0 in StatefulSet web successful',
      'SuccessfulCreate create Claim www-web-1 Pod web-1 in StatefulSet web success',
      'SuccessfulCreate create Pod web-1 in StatefulSet web successful',
      'SuccessfulCreate create Claim www-web-2 Pod web-2 in StatefulSet web success',
      'SuccessfulCreate create Pod web-2 in StatefulSet web successful',
    ]);
    const sts = JSON.parse(home.run('get sts web -o json').stdout);
    expect(sts.status).toMatchObject({ replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 3, availableReplicas: 3, collisionCount: 0 });
    expect(sts.status.currentRevision).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]+$/);
    expect(home.run(['get', 'controllerrevisions', '-o', 'name']).stdout).toBe(`controllerrevision.apps/${sts.status.currentRevision}\n`);
  });

  it('rolls a new image from web-2 down to web-0', () => {
    home.run(['apply', '-f', home.file('sts.yaml', STS)]);
    home.run('tick 1m');
    home.run(['apply', '-f', home.file('sts2.yaml', STS.replace('nginx:1.27', 'nginx:1.26'))]);
    home.run('tick 3m');
    const sts = JSON.parse(home.run('get sts web -o json').stdout);
    expect(sts.status.currentRevision).toBe(sts.status.updateRevision);
    expect(home.run(['get', 'pods', '-o', 'jsonpath={range .items[*]}{.spec.containers[0].image} {end}']).stdout).toBe('nginx:1.26 nginx:1.26 nginx:1.26 ');
    expect(stsEvents(home).filter((e) => e.startsWith('SuccessfulDelete'))).toEqual([
      'SuccessfulDelete delete Pod web-2 in StatefulSet web successful',
      'SuccessfulDelete delete Pod web-1 in StatefulSet web successful',
      'SuccessfulDelete delete Pod web-0 in StatefulSet web successful',
    ]);
  });
});
