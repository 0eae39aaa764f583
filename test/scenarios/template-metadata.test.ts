/**
 * An ObjectMeta inside another object (a pod template's, a job template's, a claim
 * template's) reads back with `creationTimestamp: null`, as kube-apiserver's encoding of its
 * zero time writes it whatever the client sent; and the set commands patch only what they change.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const STATEFUL_SET = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: redis:7}]}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`;

describe('embedded ObjectMeta', () => {
  const home = manualCluster('embedded', 7);
  afterAll(() => home.cleanup());

  it('reads back with creationTimestamp: null under every template', () => {
    expect(home.run(['apply', '-f', home.file('sts.yaml', STATEFUL_SET)]).code).toBe(0);
    const yaml = home.run('get sts db -o yaml').stdout;
    expect(yaml).toContain('  template:\n    metadata:\n      creationTimestamp: null\n      labels:\n        app: db\n');
    expect(yaml).toContain('  volumeClaimTemplates:\n  - apiVersion: v1\n    kind: PersistentVolumeClaim\n    metadata:\n      creationTimestamp: null\n      name: data\n');
    expect(home.run(['create', 'cronjob', 'cj', '--image=busybox', '--schedule=*/5 * * * *']).code).toBe(0);
    expect(home.run(['get', 'cronjob', 'cj', '-o', 'jsonpath={.spec.jobTemplate.metadata} {.spec.jobTemplate.spec.template.metadata}']).stdout)
      .toBe('{"creationTimestamp":null,"name":"cj"} {"creationTimestamp":null}');
  });

  it("lets set image change a StatefulSet's template (its claim templates are left as they are)", () => {
    expect(home.run('set image sts/db db=redis:7.2')).toEqual({ code: 0, stdout: 'statefulset.apps/db image updated\n', stderr: '' });
    expect(home.run('get sts db -o jsonpath={.spec.template.spec.containers[0].image}').stdout).toBe('redis:7.2');
  });
});
