/**
 * A DaemonSet's template generation, which apps/v1 keeps in the
 * deprecated.daemonset.template.generation annotation: 1 on create, one more at each change of
 * the pod template and no other, never set by a client; its creator owns the annotation in
 * managedFields, and the controller labels its pods with it (pod-template-generation).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: a
        image: busybox:1.36
        command: ["sleep", "infinity"]
`;

type Json = Record<string, any>;

describe('DaemonSet template generation', () => {
  const home = manualCluster('dstg', 7);
  afterAll(() => home.cleanup());
  const generations = () => home.run(['get', 'ds', 'agent', '-o', 'jsonpath={.metadata.generation} {.metadata.annotations.deprecated\\.daemonset\\.template\\.generation}']).stdout;
  const entry = (manager: string) => (JSON.parse(home.run('get ds agent -o json --show-managed-fields').stdout) as Json).metadata.managedFields.find((f: Json) => f.manager === manager);

  it('is 1 on create, owned by the creator', () => {
    expect(home.run(['apply', '-f', home.file('ds.yaml', DS)]).stdout).toBe('daemonset.apps/agent created\n');
    expect(generations()).toBe('1 1');
    expect(entry('kubectl-client-side-apply').fieldsV1['f:metadata']['f:annotations']).toEqual({
      '.': {}, 'f:deprecated.daemonset.template.generation': {}, 'f:kubectl.kubernetes.io/last-applied-configuration': {},
    });
    home.run('tick 30s');
    expect(home.run(['get', 'pods', '-l', 'app=agent', '-o', 'jsonpath={.items[*].metadata.labels.pod-template-generation}']).stdout).toBe('1 1');
  });

  it('goes up with the pod template only, and labels the new pods', () => {
    expect(home.run('set image ds/agent a=busybox:1.37').code).toBe(0);
    expect(generations()).toBe('2 2');
    // The writer's managedFields do not take the annotation: the field manager saw it unchanged.
    expect(entry('kubectl-set').fieldsV1['f:metadata']).toBeUndefined();
    expect(home.run(['patch', 'ds', 'agent', '-p', '{"spec":{"minReadySeconds":5}}']).code).toBe(0);
    expect(generations()).toBe('3 2');
    home.run('tick 2m');
    expect(home.run(['get', 'pods', '-l', 'app=agent', '-o', 'jsonpath={.items[*].metadata.labels.pod-template-generation}']).stdout).toBe('2 2');
  });

  it('cannot be set by a client', () => {
    expect(home.run('annotate ds agent deprecated.daemonset.template.generation=9 --overwrite')).toEqual({ stdout: 'daemonset.apps/agent annotated\n', stderr: '', code: 0 });
    expect(generations()).toBe('3 2');
    expect(home.run('annotate ds agent deprecated.daemonset.template.generation=abc --overwrite')).toEqual({
      stdout: '',
      stderr: 'Error from server (BadRequest): DaemonSet in version "v1" cannot be handled as a DaemonSet: strconv.ParseInt: parsing "abc": invalid syntax\n',
      code: 1,
    });
    const other = home.file('other.yaml', DS.replace('name: agent\n', 'name: other\n  annotations: {deprecated.daemonset.template.generation: "1.5"}\n'));
    expect(home.run(['apply', '-f', other])).toEqual({
      stdout: '',
      stderr: `Error from server (BadRequest): error when creating "${other}": DaemonSet in version "v1" cannot be handled as a DaemonSet: strconv.ParseInt: parsing "1.5": invalid syntax\n`,
      code: 1,
    });
  });

  it('is the client\'s on create when at least 1, as PrepareForCreate keeps it', () => {
    const seven = DS.replace('name: agent\n', 'name: seven\n  annotations: {deprecated.daemonset.template.generation: "7"}\n');
    expect(home.run(['apply', '-f', home.file('seven.yaml', seven)]).code).toBe(0);
    expect(home.run(['get', 'ds', 'seven', '-o', 'jsonpath={.metadata.annotations.deprecated\\.daemonset\\.template\\.generation}']).stdout).toBe('7');
    const zero = DS.replace('name: agent\n', 'name: zero\n  annotations: {deprecated.daemonset.template.generation: "-2"}\n');
    expect(home.run(['apply', '-f', home.file('zero.yaml', zero)]).code).toBe(0);
    expect(home.run(['get', 'ds', 'zero', '-o', 'jsonpath={.metadata.annotations.deprecated\\.daemonset\\.template\\.generation}']).stdout).toBe('1');
  });
});
