/**
 * apply --force: a patch the server refuses as Invalid deletes the object and creates the
 * manifest instead (kubectl's Patcher.deleteAndCreate); the wait for the deleted object is
 * --timeout in simulated time, so with the default 0 a pod that takes its grace period fails the
 * apply and stays deleted. Outputs compared with kubectl 1.32 through `kubemu serve`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const deployment = (selector: string, labels = selector) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: ${selector}}}
  template:
    metadata: {labels: {app: ${labels}}}
    spec: {containers: [{name: nginx, image: nginx:1.27}]}
`;

const pod = (command: string) => `apiVersion: v1
kind: Pod
metadata: {name: lone, labels: {app: lone}}
spec:
  containers: [{name: lone, image: nginx, command: [${command}]}]
`;

describe('apply --force', () => {
  const home = manualCluster('force', 11);
  afterAll(() => home.cleanup());
  const uid = (what: string) => home.run(`get ${what} -o jsonpath={.metadata.uid}`).stdout;

  it('deletes and re-creates an object whose patch is refused as Invalid', () => {
    expect(home.run(['apply', '-f', home.file('web.yaml', deployment('web'))]).stdout).toBe('deployment.apps/web created\n');
    const before = uid('deploy/web');
    const changed = home.file('web2.yaml', deployment('web2'));
    // Without --force the immutable selector is the server's refusal.
    expect(home.run(['apply', '-f', changed])).toEqual({ code: 1, stdout: '', stderr: 'The Deployment "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable\n' });
    expect(home.run(['apply', '-f', changed, '--force'])).toEqual({ code: 0, stdout: 'deployment.apps/web configured\n', stderr: '' });
    expect(uid('deploy/web')).not.toBe(before);
    expect(home.run('get deploy web -o jsonpath={.spec.selector.matchLabels.app}').stdout).toBe('web2');
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}']).stdout)
      .toContain('"selector":{"matchLabels":{"app":"web2"}}');
    // The new Deployment's pods replace the old one's.
    home.run('tick 30s');
    expect(home.run('get pods -l app=web2 -o name').stdout.trim().split('\n')).toHaveLength(2);
    expect(home.run('get pods -l app=web -o name').stdout).toBe('');
  });

  it('creates the object as it was again when the manifest cannot be created either', () => {
    const before = uid('deploy/web');
    expect(home.run(['apply', '-f', home.file('bad.yaml', deployment('web3', 'other')), '--force'])).toEqual({
      code: 1, stdout: '',
      stderr: 'The Deployment "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`\n',
    });
    expect(uid('deploy/web')).not.toBe(before);
    expect(home.run('get deploy web -o jsonpath={.spec.selector.matchLabels.app}').stdout).toBe('web2');
  });

  it("fails when the deleted object is still there and --timeout is 0; waits in simulated time with one", () => {
    expect(home.run(['run', 'lone', '--image=nginx', '-l', 'app=lone']).code).toBe(0);
    home.run('tick 30s');
    const sleeper = home.file('lone.yaml', pod('"sleep", "1000"'));
    const r = home.run(['apply', '-f', sleeper, '--force']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').slice(1).join('\n')).toBe(`error: error when applying patch:
{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\\"apiVersion\\":\\"v1\\",\\"kind\\":\\"Pod\\",\\"metadata\\":{\\"annotations\\":{},\\"labels\\":{\\"app\\":\\"lone\\"},\\"name\\":\\"lone\\",\\"namespace\\":\\"default\\"},\\"spec\\":{\\"containers\\":[{\\"command\\":[\\"sleep\\",\\"1000\\"],\\"image\\":\\"nginx\\",\\"name\\":\\"lone\\"}]}}\\n"},"labels":{"app":"lone"},"name":"lone","namespace":"default"},"spec":{"containers":[{"command":["sleep","1000"],"image":"nginx","name":"lone"}]}}

to:
Resource: "/v1, Resource=pods", GroupVersionKind: "/v1, Kind=Pod"
Name: "lone", Namespace: "default"
for: "${sleeper}": context deadline exceeded
`);
    // Deleted, not re-created: the pod is terminating.
    expect(home.run('get pod lone -o jsonpath={.metadata.deletionTimestamp}').stdout).not.toBe('');
    home.run('tick 1m');
    expect(home.run('get pod lone').code).toBe(1);
    // Given time, the pod's grace period passes and the manifest is created.
    expect(home.run(['run', 'lone', '--image=nginx', '-l', 'app=lone']).code).toBe(0);
    home.run('tick 30s');
    const before = uid('pod/lone');
    expect(home.run(['apply', '-f', sleeper, '--force', '--timeout=2m']).stdout).toBe('pod/lone configured\n');
    expect(uid('pod/lone')).not.toBe(before);
    expect(home.run('get pod lone -o jsonpath={.spec.containers[0].command}').stdout).toBe('["sleep","1000"]');
    // --grace-period=0 deletes the pod at once.
    expect(home.run(['apply', '-f', home.file('lone2.yaml', pod('"sleep", "2000"')), '--force', '--grace-period=0']).stdout).toBe('pod/lone configured\n');
    expect(home.run('get pod lone -o jsonpath={.spec.containers[0].command}').stdout).toBe('["sleep","2000"]');
  });
});
