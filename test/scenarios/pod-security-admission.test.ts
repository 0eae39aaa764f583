/**
 * Pod Security Admission through the CLI: a restricted namespace refuses a privileged pod
 * with kube-apiserver's message, a warn label warns and admits, workloads are warned about
 * but their pods are refused when the ReplicaSet controller makes them, and raising a
 * namespace's enforce level (also as a server dry run) names the pods it would refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PRIVILEGED_POD = (ns: string, name: string) =>
  `apiVersion: v1\nkind: Pod\nmetadata: {name: ${name}, namespace: ${ns}}\nspec:\n  containers:\n  - name: c\n    image: nginx\n    securityContext: {privileged: true}\n`;

const RESTRICTED_REASONS =
  'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

describe('Pod Security Admission', () => {
  let home: TempHome;
  const ok = (line: string) => expect(home.run(line)).toMatchObject({ code: 0 });
  beforeAll(() => {
    home = manualCluster('psa', 3);
    ok('create namespace locked');
    ok('label namespace locked pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/warn=restricted');
    ok('create namespace soft');
    ok('label namespace soft pod-security.kubernetes.io/warn=baseline');
  });
  afterAll(() => home.cleanup());

  it('refuses a privileged pod in a restricted namespace with every violation, in upstream order', () => {
    home.file('p.yaml', PRIVILEGED_POD('locked', 'p'));
    expect(home.run('create -f p.yaml')).toEqual({
      code: 1, stdout: '',
      stderr: 'Error from server (Forbidden): error when creating "p.yaml": pods "p" is forbidden: violates PodSecurity "restricted:latest": ' +
        `privileged (container "c" must not set securityContext.privileged=true), ${RESTRICTED_REASONS}\n`,
    });
  });

  it('admits a pod that meets restricted', () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata: {name: good, namespace: locked}\nspec:\n  securityContext: {runAsNonRoot: true, runAsUser: 1000, seccompProfile: {type: RuntimeDefault}}\n' +
      '  containers:\n  - name: c\n    image: busybox\n    command: [sleep, "3600"]\n    securityContext: {allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}\n';
    expect(home.run('apply -f -', { stdin: pod })).toEqual({ code: 0, stdout: 'pod/good created\n', stderr: '' });
  });

  it('checks at the enforce-version: runAsUser=0 is refused from v1.23 on', () => {
    ok('create namespace old');
    ok('label namespace old pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/enforce-version=v1.22');
    const pod = (ns: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: root, namespace: ${ns}}\nspec:\n  securityContext: {runAsNonRoot: true, runAsUser: 0, seccompProfile: {type: RuntimeDefault}}\n` +
      '  containers:\n  - name: c\n    image: busybox\n    command: [sleep, "3600"]\n    securityContext: {allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}\n';
    expect(home.run('apply -f -', { stdin: pod('old') })).toEqual({ code: 0, stdout: 'pod/root created\n', stderr: '' });
    expect(home.run('apply -f -', { stdin: pod('locked') })).toEqual({
      code: 1, stdout: '',
      stderr: 'Error from server (Forbidden): error when creating "STDIN": pods "root" is forbidden: violates PodSecurity "restricted:latest": runAsUser=0 (pod must not set runAsUser=0)\n',
    });
  });

  it('warns on a baseline violation in a warn namespace and admits the pod', () => {
    expect(home.run('apply -f -', { stdin: PRIVILEGED_POD('soft', 'b') })).toEqual({
      code: 0, stdout: 'pod/b created\n',
      stderr: 'Warning: would violate PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)\n',
    });
    expect(home.run('run h -n soft --image=nginx --port=80 --overrides={"spec":{"hostNetwork":true}}')).toMatchObject({ code: 0 });
  });

  it('warns about a Deployment\'s template but enforces on its pods: the ReplicaSet records FailedCreate', () => {
    expect(home.run('create deployment web -n locked --image=nginx')).toEqual({
      code: 0, stdout: 'deployment.apps/web created\n',
      stderr: `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_REASONS.replaceAll('"c"', '"nginx"')}\n`,
    });
    const events = home.run(['get', 'events', '-n', 'locked', '--field-selector', 'reason=FailedCreate', '-o', 'jsonpath={.items[0].message}']);
    expect(events.stdout).toMatch(/^Error creating: pods "web-[a-z0-9]+-[a-z0-9]{5}" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false \(container "nginx"/);
    expect(home.run('get pods -n locked -o name').stdout).toBe('pod/good\n');
  });

  it('names the existing pods a raised enforce level would refuse, also on a server dry run', () => {
    expect(home.run('label namespace soft pod-security.kubernetes.io/enforce=baseline --dry-run=server')).toEqual({
      code: 0, stdout: 'namespace/soft labeled (server dry run)\n',
      stderr: 'Warning: existing pods in namespace "soft" violate the new PodSecurity enforce level "baseline:latest"\n' +
        'Warning: b: privileged\n' +
        'Warning: h: host namespaces, hostPort\n',
    });
    expect(home.run('get namespace soft -o jsonpath={.metadata.labels}').stdout).not.toContain('enforce');
    // Lowering the level warns about nothing.
    ok('label namespace locked pod-security.kubernetes.io/enforce=baseline --overwrite');
    expect(home.run('label namespace locked pod-security.kubernetes.io/enforce=privileged --overwrite').stderr).toBe('');
  });

  it('refuses a namespace label it cannot parse', () => {
    expect(home.run('label namespace soft pod-security.kubernetes.io/enforce=strict')).toEqual({
      code: 1, stdout: '',
      stderr: 'The Namespace "soft" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted\n',
    });
    expect(home.run('create namespace odd -o name --dry-run=server').code).toBe(0);
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: odd\n  labels: {pod-security.kubernetes.io/warn-version: "1.30"}\n';
    expect(home.run('apply -f -', { stdin: ns }).stderr).toBe(
      'The Namespace "odd" is invalid: metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.30": must be "latest" or "v1.x"\n');
  });
});

describe('Pod Security admission configuration (--admission-control-config-file)', () => {
  let home: TempHome;
  const ADMISSION = `apiVersion: apiserver.config.k8s.io/v1
kind: AdmissionConfiguration
plugins:
- name: PodSecurity
  configuration:
    apiVersion: pod-security.admission.config.k8s.io/v1
    kind: PodSecurityConfiguration
    defaults:
      enforce: baseline
      enforce-version: latest
    exemptions:
      usernames: [ops]
      runtimeClasses: [kata]
      namespaces: [kube-system]
`;
  beforeAll(() => {
    home = manualCluster('psa-config', 5);
    home.file('admission.yaml', ADMISSION);
    expect(home.run('cluster set psa-config --admission-control-config-file admission.yaml')).toEqual({ code: 0, stdout: 'cluster/psa-config configured\n', stderr: '' });
  });
  afterAll(() => home.cleanup());

  it('enforces the default level where a namespace has no label; labels still win', () => {
    expect(home.run('run a --image=nginx --privileged')).toEqual({
      code: 1, stdout: '',
      stderr: 'Error from server (Forbidden): pods "a" is forbidden: violates PodSecurity "baseline:latest": privileged (container "a" must not set securityContext.privileged=true)\n',
    });
    expect(home.run('create namespace open').code).toBe(0);
    expect(home.run('label namespace open pod-security.kubernetes.io/enforce=privileged').code).toBe(0);
    expect(home.run('run a -n open --image=nginx --privileged')).toEqual({ code: 0, stdout: 'pod/a created\n', stderr: '' });
  });

  it('does not check exempt namespaces, users and runtime classes', () => {
    expect(home.run('run k -n kube-system --image=nginx --privileged')).toEqual({ code: 0, stdout: 'pod/k created\n', stderr: '' });
    expect(home.run('create clusterrolebinding ops --clusterrole=cluster-admin --user=ops --user=dev').code).toBe(0);
    expect(home.run('run u --image=nginx --privileged --as ops')).toEqual({ code: 0, stdout: 'pod/u created\n', stderr: '' });
    expect(home.run('run u2 --image=nginx --privileged --as dev').stderr).toBe('Error from server (Forbidden): pods "u2" is forbidden: violates PodSecurity "baseline:latest": privileged (container "u2" must not set securityContext.privileged=true)\n');
    home.file('kata.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: r}\nspec:\n  runtimeClassName: kata\n  containers:\n  - name: c\n    image: nginx\n    securityContext: {privileged: true}\n');
    expect(home.run('create -f kata.yaml')).toEqual({ code: 0, stdout: 'pod/r created\n', stderr: '' });
  });

  it('refuses a configuration it cannot read with one line', () => {
    home.file('bad.yaml', ADMISSION.replace('enforce: baseline', 'enforce: strict'));
    const r = home.run('cluster set psa-config --admission-control-config-file bad.yaml');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: invalid admission configuration ".*bad\.yaml": defaults\.enforce: Unsupported value: "strict": supported values: "privileged", "baseline", "restricted"\n$/);
  });
});
