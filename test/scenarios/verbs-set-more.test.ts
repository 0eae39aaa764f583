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

const SVC = `apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: old, tier: x}
  ports: [{port: 80}]
`;

const RB = `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: rb, namespace: default}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: r}
subjects:
- {kind: User, name: alice, apiGroup: rbac.authorization.k8s.io}
`;

describe('set selector and set subject', () => {
  const home = manualCluster('setsel', 7);
  afterAll(() => home.cleanup());
  const svc = home.file('svc.yaml', SVC);
  const rb = home.file('rb.yaml', RB);
  const deploy = home.file('d.yaml', DEPLOY);

  it('set selector replaces a Service\'s selector (kubectl --local output)', () => {
    expect(home.run(['set', 'selector', '-f', svc, '--local', '-o', 'yaml', 'app=new,env=prod']).stdout).toBe([
      'apiVersion: v1', 'kind: Service', 'metadata:', '  creationTimestamp: null', '  name: web', 'spec:', '  ports:', '  - port: 80',
      '    targetPort: 0', '  selector:', '    app: new', '    env: prod', 'status:', '  loadBalancer: {}', '',
    ].join('\n'));
    expect(home.run(['set', 'selector', '-f', svc, '--local', 'app=new'])).toEqual({ stdout: 'service/web selector updated\n', stderr: '', code: 0 });
    expect(home.run(['create', 'service', 'clusterip', 'api', '--tcp=80:8080']).code).toBe(0);
    expect(home.run(['set', 'selector', 'svc', 'api', 'app=backend']).stdout).toBe('service/api selector updated\n');
    expect(home.run('get svc api -o jsonpath={.spec.selector}').stdout).toBe('{"app":"backend"}');
  });

  it('set selector refuses what kubectl refuses', () => {
    const err = (args: string[]) => home.run(['set', 'selector', ...args]).stderr;
    expect(err(['-f', svc, '--local'])).toBe('error: one selector is required\n');
    expect(err(['-f', svc, '--local', 'z,!w,app notin (b,a)'])).toBe('error: match expression [{app NotIn [a b]} {w DoesNotExist []} {z Exists []}] not supported on this object\n');
    expect(err(['-f', svc, '--local', 'a!=b'])).toBe('error: "!=" is not a valid label selector operator\n');
    expect(err(['-f', deploy, '--local', 'a=b'])).toBe('error: setting a selector is only supported for Services\n');
    expect(err(['-f', svc, '--local', 'app=new', 'extra'])).toBe("error: you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n");
  });

  it('set subject adds users, groups and service accounts once each (kubectl --local output)', () => {
    expect(home.run(['set', 'subject', '-f', rb, '--local', '-o', 'yaml', '--user=bob', '--group=devs', '--serviceaccount=ns1:robot', '--user=alice']).stdout).toBe([
      'apiVersion: rbac.authorization.k8s.io/v1', 'kind: RoleBinding', 'metadata:', '  creationTimestamp: null', '  name: rb', '  namespace: default',
      'roleRef:', '  apiGroup: rbac.authorization.k8s.io', '  kind: Role', '  name: r', 'subjects:',
      '- apiGroup: rbac.authorization.k8s.io', '  kind: User', '  name: alice', '- apiGroup: rbac.authorization.k8s.io', '  kind: User', '  name: bob',
      '- apiGroup: rbac.authorization.k8s.io', '  kind: Group', '  name: devs', '- kind: ServiceAccount', '  name: robot', '  namespace: ns1', '',
    ].join('\n'));
    expect(home.run(['set', 'subject', '-f', rb, '--local'])).toEqual({ stdout: '', stderr: 'error: you must specify at least one value of user, group or serviceaccount\n', code: 1 });
    expect(home.run(['set', 'subject', '-f', rb, '--local', '--serviceaccount=robot']).stderr).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect(home.run(['set', 'subject', '-f', deploy, '--local', '--user=x'])).toEqual({ stdout: '', stderr: 'error: deployment.apps/web\n setting subjects is only supported for RoleBinding/ClusterRoleBinding\n', code: 1 });
    expect(home.run('create rolebinding ops --clusterrole=view --user=ann').code).toBe(0);
    expect(home.run('set subject rolebinding ops --group=ops').stdout).toBe('rolebinding.rbac.authorization.k8s.io/ops subjects updated\n');
    expect(home.run('get rolebinding ops -o jsonpath={.subjects[*].name}').stdout).toBe('ann ops');
  });
});

describe('the set commands find their objects as kubectl\'s builder does', () => {
  const home = manualCluster('setfind', 7);
  afterAll(() => home.cleanup());
  const fail = (stderr: string) => ({ stdout: '', stderr, code: 1 });
  const deploy = home.file('d.yaml', DEPLOY);
  const cm = home.file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n');
  const role = home.file('role.yaml', 'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: r\nrules: []\n');
  const notFound = (name: string) => `Error from server (NotFound): deployments.apps "${name}" not found\n`;

  it('reads every object before changing any (builder.Infos): a missing one fails the command, nothing written', () => {
    expect(home.run(['apply', '-f', deploy]).code).toBe(0);
    expect(home.run('set image deployment web nope web=nginx:2')).toEqual(fail(notFound('nope')));
    expect(home.run('set resources deployment web nope --limits=cpu=1')).toEqual(fail(notFound('nope')));
    expect(home.run('set env deployment web nope A=1')).toEqual(fail(notFound('nope')));
    expect(home.run('set sa deployment web nope robot')).toEqual(fail(notFound('nope')));
    expect(home.run('set env deployment/nope --list')).toEqual(fail(notFound('nope')));
    expect(home.run('set image deployment nope nope2 web=nginx:2')).toEqual(fail(notFound('nope') + notFound('nope2')));
    expect(home.run('set subject rolebinding/nope --user=u')).toEqual(fail('Error from server (NotFound): rolebindings.rbac.authorization.k8s.io "nope" not found\n'));
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].image} {.spec.template.spec.containers[0].resources} {.spec.template.spec.containers[0].env} {.spec.template.spec.serviceAccountName}']).stdout)
      .toBe('nginx {}  ');
  });

  it('--local takes files only: TYPE NAME arguments are refused, or ignored by set env and set serviceaccount', () => {
    const localResource = "error: you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n";
    const noSources = "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n";
    expect(home.run('set image deployment/web web=x --local')).toEqual(fail(localResource));
    expect(home.run('set resources deployment/web --limits=cpu=1 --local')).toEqual(fail(localResource));
    expect(home.run('set subject rolebinding/x --user=u --local')).toEqual(fail(localResource));
    expect(home.run('set image web=x --local')).toEqual(fail(noSources));
    expect(home.run('set env deployment/web A=1 --local')).toEqual(fail(noSources));
    expect(home.run('set sa deployment/web robot --local')).toEqual(fail(noSources));
    expect(home.run(['set', 'env', 'deployment/web', 'A=1', '--local', '-f', deploy, '-o', 'jsonpath={.spec.template.spec.containers[0].env}'])).toEqual({ stdout: '[{"name":"A","value":"1"}]', stderr: '', code: 0 });
    expect(home.run(['patch', 'deployment/web', '--local', '-p', '{}'])).toEqual(fail('error: cannot specify --local and server resources\n'));
    expect(home.run(['patch', '--local', '-p', '{}'])).toEqual(fail(noSources));
  });

  it('names an object it cannot change by resource when read from the server, by kind when read from a file', () => {
    expect(home.run(['create', '-f', cm]).code).toBe(0);
    expect(home.run('set image cm/c a=b')).toEqual(fail('error: configmaps/c the object is not a pod or does not have a pod template: *v1.ConfigMap\n'));
    expect(home.run('set subject cm/c --user=u')).toEqual(fail('error: configmaps/c setting subjects is only supported for RoleBinding/ClusterRoleBinding\n'));
    expect(home.run(['set', 'image', '--local', '-f', cm, 'a=b'])).toEqual(fail('error: configmap/c the object is not a pod or does not have a pod template: *v1.ConfigMap\n'));
    // A kind in a group: kubectl's Info.ObjectName ends that name with a line break.
    expect(home.run(['set', 'env', '--local', '-f', role, 'A=1'])).toEqual(fail('error: role.rbac.authorization.k8s.io/r\n the object is not a pod or does not have a pod template: *v1.Role\n'));
  });

  it('reports several failures as kubectl\'s aggregate does: the containers not found first, then each object\'s "error: NAME …" with a blank line', () => {
    const mixed = home.file('mixed.yaml', `${DEPLOY}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c1}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s1}\n`);
    const notTemplate = (what: string, kind: string) => `error: ${what} the object is not a pod or does not have a pod template: *v1.${kind}\n\n`;
    expect(home.run(['set', 'image', '--local', '-f', mixed, '-o', 'name', 'nope=x'])).toEqual({
      stdout: '', stderr: `error: unable to find container named "nope"\n${notTemplate('configmap/c1', 'ConfigMap')}${notTemplate('secret/s1', 'Secret')}`, code: 1 });
    expect(home.run(['set', 'resources', '--local', '-f', mixed, '-o', 'name', '-c', 'nope', '--limits=cpu=1']).stderr)
      .toBe(`error: unable to find container named nope\n${notTemplate('configmap/c1', 'ConfigMap')}${notTemplate('secret/s1', 'Secret')}`);
    // set env warns of a template without the container, and --list lists what it can and passes over the rest.
    expect(home.run(['set', 'env', '--local', '-f', mixed, '-o', 'name', '-c', 'nope', 'A=1']).stderr)
      .toBe(`Warning: Deployment/web does not have any containers matching "nope"\n${notTemplate('configmap/c1', 'ConfigMap')}${notTemplate('secret/s1', 'Secret')}`);
    expect(home.run(['set', 'env', '--local', '-f', mixed, '--list'])).toEqual({ stdout: '# Deployment web, container web\n# Deployment web, container setup\n', stderr: '', code: 0 });
  });
});
