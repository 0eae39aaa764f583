import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const DEPLOY = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      initContainers: [{name: setup, image: busybox}]
      containers: [{name: web, image: nginx}]
`;

/** localYaml is what kubectl v1.32 prints for DEPLOY with the given pod spec tail (checked against kubectl --local). */
const localYaml = (initResources: string[], tail: string[]): string => [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  creationTimestamp: null', '  name: web', 'spec:',
  '  selector:', '    matchLabels:', '      app: web', '  strategy: {}', '  template:', '    metadata:',
  '      creationTimestamp: null', '      labels:', '        app: web', '    spec:', '      containers:',
  '      - image: nginx', '        name: web', '        resources: {}', '      initContainers:', '      - image: busybox',
  '        name: setup', ...initResources, ...tail, 'status: {}', '',
].join('\n');

describe('set serviceaccount, set resources on init containers, set image --record', () => {
  const home = manualCluster('setmore', 7);
  afterAll(() => home.cleanup());
  const file = home.file('d.yaml', DEPLOY);

  it('set serviceaccount (and its alias sa) sets the pod template\'s serviceAccountName', () => {
    expect(home.run(`set serviceaccount -f ${file} --local -o yaml sa1`)).toEqual({ stdout: localYaml(['        resources: {}'], ['      serviceAccountName: sa1']), stderr: '', code: 0 });
    expect(home.run(`set sa -f ${file} --local sa1`)).toEqual({ stdout: 'deployment.apps/web serviceaccount updated\n', stderr: '', code: 0 });
    expect(home.run(`set sa -f ${file} --local`)).toEqual({ stdout: '', stderr: 'error: serviceaccount is required\n', code: 1 });
    expect(home.run('create deployment api --image=nginx').code).toBe(0);
    expect(home.run('set serviceaccount deployment api robot').stdout).toBe('deployment.apps/api serviceaccount updated\n');
    expect(home.run('get deploy api -o jsonpath={.spec.template.spec.serviceAccountName}').stdout).toBe('robot');
  });

  it('set resources --containers finds init containers too', () => {
    expect(home.run(`set resources -f ${file} --local -o yaml --containers=setup --limits=cpu=200m`)).toEqual({
      stdout: localYaml(['        resources:', '          limits:', '            cpu: 200m'], []),
      stderr: '', code: 0,
    });
  });

  it('set image --record warns that the flag is deprecated and records the command as change-cause', () => {
    const r = home.run('set image -f d.yaml --local -o yaml web=nginx:2 --record', { cwd: home.dir });
    expect(r.stderr).toBe('Flag --record has been deprecated, --record will be removed in the future\n');
    expect(r.stdout).toContain(`metadata:\n  annotations:\n    kubernetes.io/change-cause: kubectl set image web=nginx:2 --filename=d.yaml --local=true\n      --output=yaml --record=true\n`);
    expect(home.run('set image deployment/api nginx=nginx:1.27 --record -n default').code).toBe(0);
    expect(home.run(['get', 'deploy', 'api', '-o', 'jsonpath={.metadata.annotations.kubernetes\\.io/change-cause}']).stdout)
      .toBe('kubectl set image deployment/api nginx=nginx:1.27 --record=true --namespace=default');
  });
});
