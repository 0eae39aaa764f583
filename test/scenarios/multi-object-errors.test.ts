/**
 * Commands given several objects go on past those they cannot read or change and report them
 * at the end, as kubectl's ContinueOnError visitors do: one error alone in its usual form,
 * several each on a line (a client error without "error: "). The expected texts are kubectl
 * 1.32's through `kubemu serve` (test/serve/serve-kubectl-twins.test.ts compares them live).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const fail = (stderr: string, stdout = '') => ({ stdout, stderr, code: 1 });
const notFound = (what: string) => `Error from server (NotFound): ${what} not found\n`;

describe('errors of commands given several objects', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('multi', 11);
    for (const c of ['create deployment web --image=nginx --replicas=2', 'run lone --image=nginx',
      'create configmap c1 --from-literal=a=1', 'label configmap c1 app=x', 'create configmap c2 --from-literal=a=2', 'label configmap c2 app=x', 'tick 30s']) {
      expect(home.run(c).code).toBe(0);
    }
  });
  afterAll(() => home.cleanup());

  it('scale: the missing objects after the others, or all of them in one aggregate when none is left', () => {
    expect(home.run('scale deployment web nope1 nope2 --replicas=3 --dry-run=server'))
      .toEqual(fail(notFound('deployments.apps "nope1"') + notFound('deployments.apps "nope2"'), 'deployment.apps/web scaled (server dry run)\n'));
    expect(home.run('scale deployment nope1 nope2 --replicas=3'))
      .toEqual(fail('error: no objects passed to scale [deployments.apps "nope1" not found, deployments.apps "nope2" not found]\n'));
    // A dry run prints the object as kubectl read it, before the scale.
    expect(home.run(['scale', 'deployment', 'web', '--replicas=5', '-o', 'jsonpath={.spec.replicas}', '--dry-run=server']).stdout).toBe('2');
    expect(home.run('scale deployment,replicaset --all --replicas=2 --resource-version=1')).toEqual(fail('error: cannot use --resource-version with multiple resources\n'));
  });

  it('taint, expose and autoscale report every missing object', () => {
    expect(home.run('taint nodes nope1 nope2 k=v:NoSchedule')).toEqual(fail(notFound('nodes "nope1"') + notFound('nodes "nope2"')));
    expect(home.run('expose deployment nope1 web --port=80 --dry-run=server'))
      .toEqual(fail(notFound('deployments.apps "nope1"'), 'service/web exposed (server dry run)\n'));
    expect(home.run('autoscale deployment nope1 nope2 --max=3')).toEqual(fail(notFound('deployments.apps "nope1"') + notFound('deployments.apps "nope2"')));
  });

  it('expose goes on past an object it cannot expose, and keeps the first selector, labels and port for the rest', () => {
    // kubectl fills its options once: lone's Service selects web's pods, and takes web's labels.
    const r = home.run(['expose', 'deployment/web', 'configmap/c1', 'pod/lone', '--port=80', '--dry-run=client', '-o', 'jsonpath={.metadata.name} {.spec.selector} {.metadata.labels}{"\\n"}']);
    expect(r).toEqual(fail("error: cannot expose a ConfigMap\n", 'web {"app":"web"} {"app":"web"}\nlone {"app":"web"} {"app":"web"}\n'));
    // Outside the core group the kind is named with its group, as kubectl 1.32 through kubemu serve names it.
    expect(home.run('expose daemonset/kube-proxy -n kube-system --port=80 --dry-run=client')).toEqual(fail('error: cannot expose a DaemonSet.apps\n'));
  });

  it("label goes on past an object's own error; several are printed without error:", () => {
    const clash = "'app' already has a value (x), and --overwrite is false\n";
    expect(home.run('label configmap c1 c2 app=y')).toEqual(fail(clash + clash));
    expect(home.run('label configmap c1 app=y')).toEqual(fail(`error: ${clash}`));
  });

  it("set words a failed write as kubectl does, around the server's message", () => {
    expect(home.run('set env deployment/web pod/lone A=b --dry-run=server')).toEqual(fail(
      'error: failed to patch env update to pod template: Pod "lone" is invalid: spec: Forbidden: pod updates may not change fields other than '
      + '`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),'
      + '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n',
      'deployment.apps/web env updated (server dry run)\n'));
  });

  it("create words a failed create as its generator does, and prints the typed object's zero status", () => {
    expect(home.run('create deployment x --image=nginx --replicas=-1')).toEqual(fail(
      'error: failed to create deployment: Deployment.apps "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n'));
    expect(home.run('create deployment d --image=nginx --dry-run=server -o yaml').stdout.endsWith('\nstatus: {}\n')).toBe(true);
  });

  it('label and annotate --list show the pairs as edited and write nothing; rollout restart has no --dry-run', () => {
    expect(home.run('annotate configmap c1 note=1 --list')).toEqual({ stdout: 'note=1\n', stderr: '', code: 0 });
    expect(home.run('label configmap c1 c2 --list')).toEqual({ stdout: 'Listing labels for ConfigMap./c1:\n app=x\nListing labels for ConfigMap./c2:\n app=x\n', stderr: '', code: 0 });
    expect(home.run(['get', 'configmap', 'c1', '-o', 'jsonpath={.metadata.annotations}']).stdout).toBe('');
    expect(home.run('rollout restart deployment/web --dry-run=server').stderr).toBe("error: unknown flag: --dry-run\nSee 'kubectl rollout restart --help' for usage.\n");
  });

  it('create -f prints each object as it writes it; describe -f describes what the manifests name', () => {
    const two = home.file('two.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m1}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: m2}\n');
    expect(home.run(['create', '-f', two, '--dry-run=server', '-o', 'jsonpath={.metadata.name}']).stdout).toBe('m1m2');
    expect(home.run(['create', '-f', two, '--dry-run=server', '-o', 'yaml']).stdout.split('\n---\n').length).toBe(2);
    expect(home.run(['describe', '-f', two])).toEqual(fail(notFound('configmaps "m1"') + notFound('configmaps "m2"')));
  });

  it('--all beside a selector is refused before anything is done; patch names no dry run', () => {
    expect(home.run('annotate pods --all -l app=none a=b')).toEqual(fail('error: cannot set --all and --selector at the same time\n'));
    expect(home.run('label pods --all --field-selector a=b x=y')).toEqual(fail('error: cannot set --all and --field-selector at the same time\n'));
    expect(home.run('set image deployment --all -l a=b nginx=x')).toEqual(fail('error: cannot set --all and --selector at the same time\n'));
    expect(home.run('delete pods --all -l app=none')).toEqual(fail("error: setting 'all' parameter but found a non empty selector. \n"));
    expect(home.run(['patch', 'configmap', 'c1', '-p', '{"data":{"b":"1"}}', '--dry-run=server'])).toEqual({ stdout: 'configmap/c1 patched\n', stderr: '', code: 0 });
    expect(home.run(['get', 'configmap', 'c1', '-o', 'jsonpath={.data}']).stdout).toBe('{"a":"1"}');
  });
});
