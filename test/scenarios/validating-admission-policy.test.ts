/**
 * ValidatingAdmissionPolicy through the CLI, with the Kubernetes docs' examples: a replica
 * limit denied with v1.32's text, a limit read from a ConfigMap param with a
 * messageExpression, matchConditions that exempt some objects, the Warn action, and the
 * ImagePolicy-style allow-list of registries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const DEMO = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: demo-policy.example.com}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
  validations:
  - expression: "object.spec.replicas <= 5"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: demo-binding-test.example.com}
spec:
  policyName: demo-policy.example.com
  validationActions: [Deny]
  matchResources:
    namespaceSelector:
      matchLabels: {environment: test}
`;

const PARAMS = `apiVersion: v1
kind: ConfigMap
metadata: {name: replica-limit, namespace: prod}
data: {maxReplicas: "3"}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: replica-limit.example.com}
spec:
  paramKind: {apiVersion: v1, kind: ConfigMap}
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
  matchConditions:
  - name: exclude-canaries
    expression: "!has(object.metadata.labels) || !('canary' in object.metadata.labels)"
  variables:
  - {name: limit, expression: "int(params.data.maxReplicas)"}
  validations:
  - expression: "object.spec.replicas <= variables.limit"
    messageExpression: "'object.spec.replicas must be no greater than ' + string(variables.limit)"
    reason: Forbidden
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: replica-limit-prod.example.com}
spec:
  policyName: replica-limit.example.com
  validationActions: [Deny]
  paramRef: {name: replica-limit, namespace: prod, parameterNotFoundAction: Deny}
  matchResources:
    namespaceSelector:
      matchLabels: {kubernetes.io/metadata.name: prod}
`;

const IMAGES = `apiVersion: v1
kind: ConfigMap
metadata: {name: allowed-registries, namespace: default}
data: {registries: "registry.example.com/ docker.io/library/"}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: image-allow-list}
spec:
  paramKind: {apiVersion: v1, kind: ConfigMap}
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods]}
  variables:
  - {name: allowed, expression: "params.data.registries.split(' ')"}
  validations:
  - expression: "object.spec.containers.all(c, variables.allowed.exists(r, c.image.startsWith(r)))"
    message: "images must come from an allowed registry"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: image-allow-list-warn}
spec:
  policyName: image-allow-list
  validationActions: [Warn]
  paramRef: {name: allowed-registries, namespace: default, parameterNotFoundAction: Deny}
  matchResources:
    namespaceSelector:
      matchLabels: {kubernetes.io/metadata.name: default}
`;

describe('ValidatingAdmissionPolicy', () => {
  let home: TempHome;
  const ok = (line: string, stdin?: string) => expect(home.run(line, stdin === undefined ? {} : { stdin })).toMatchObject({ code: 0 });
  beforeAll(() => {
    home = manualCluster('vap', 4);
    ok('create namespace test');
    ok('label namespace test environment=test');
    ok('create namespace prod');
    ok('apply -f -', DEMO);
    ok('apply -f -', PARAMS);
    ok('apply -f -', IMAGES);
  });
  afterAll(() => home.cleanup());

  it('denies a deployment over the limit with the policy and binding named', () => {
    expect(home.run('create deployment nginx -n test --image=nginx --replicas=6')).toEqual({
      code: 1, stdout: '',
      // create deployment words the failure its way, the server's message after it.
      stderr: "error: failed to create deployment: deployments.apps \"nginx\" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5\n",
    });
    expect(home.run('create deployment nginx -n test --image=nginx --replicas=5')).toMatchObject({ code: 0, stderr: '' });
    // The binding selects namespaces labelled environment=test only.
    expect(home.run('create deployment nginx -n default --image=nginx --replicas=6').code).toBe(0);
  });

  it('matches `kubectl scale` only by the scale subresource, whose object is a Scale', () => {
    // resources: [deployments] does not cover deployments/scale, as upstream.
    expect(home.run('scale deployment nginx -n test --replicas=9')).toEqual({ code: 0, stdout: 'deployment.apps/nginx scaled\n', stderr: '' });
    const scalePolicy = DEMO.replaceAll('demo-', 'scale-').replace('resources: [deployments]', 'resources: [deployments/scale]')
      .replace('object.spec.replicas <= 5', "object.kind == 'Scale' && object.spec.replicas <= 10");
    ok('apply -f -', scalePolicy);
    expect(home.run('scale deployment nginx -n test --replicas=11')).toEqual({
      code: 1, stdout: '',
      stderr: "The deployments \"nginx\" is invalid: : ValidatingAdmissionPolicy 'scale-policy.example.com' with binding 'scale-binding-test.example.com' denied request: failed expression: object.kind == 'Scale' && object.spec.replicas <= 10\n",
    });
  });

  it('reads the limit from a ConfigMap param, words the denial by messageExpression and reason, and skips what matchConditions exclude', () => {
    const deploy = (name: string, replicas: number, labels = '') =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: ${name}, namespace: prod${labels}}\nspec:\n  replicas: ${replicas}\n  selector: {matchLabels: {app: ${name}}}\n  template:\n    metadata: {labels: {app: ${name}}}\n    spec: {containers: [{name: c, image: nginx}]}\n`;
    expect(home.run('apply -f -', { stdin: deploy('web', 4) })).toEqual({
      code: 1, stdout: '',
      stderr: 'Error from server (Forbidden): error when creating "STDIN": deployments.apps "web" is forbidden: ' +
        "ValidatingAdmissionPolicy 'replica-limit.example.com' with binding 'replica-limit-prod.example.com' denied request: object.spec.replicas must be no greater than 3\n",
    });
    expect(home.run('apply -f -', { stdin: deploy('canary', 4, ', labels: {canary: "true"}') }).code).toBe(0);
    ok('delete configmap replica-limit -n prod');
    expect(home.run('apply -f -', { stdin: deploy('web', 1) }).stderr).toContain(
      "denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction");
  });

  it('warns (and admits) for a binding whose action is Warn: an image allow-list', () => {
    expect(home.run('run p --image=quay.io/evil/miner')).toEqual({
      code: 0, stdout: 'pod/p created\n',
      stderr: "Warning: Validation failed for ValidatingAdmissionPolicy 'image-allow-list' with binding 'image-allow-list-warn': images must come from an allowed registry\n",
    });
    expect(home.run('run q --image=registry.example.com/app:1')).toEqual({ code: 0, stdout: 'pod/q created\n', stderr: '' });
  });
});

describe('ValidatingAdmissionPolicy: request.userInfo', () => {
  let home: TempHome;
  const POLICY = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: no-interns}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}
  validations:
  - expression: "!('interns' in request.userInfo.groups)"
    messageExpression: "'user ' + request.userInfo.username + ' may not create configmaps'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: no-interns}
spec:
  policyName: no-interns
  validationActions: [Deny]
`;
  beforeAll(() => {
    home = manualCluster('vap-user', 11);
    expect(home.run('apply -f -', { stdin: POLICY }).code).toBe(0);
    expect(home.run('create clusterrolebinding interns --clusterrole=edit --group=interns').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it('sees the requesting user and groups, as kube-apiserver fills the admission request', () => {
    expect(home.run('create configmap a --from-literal=k=v')).toEqual({ code: 0, stdout: 'configmap/a created\n', stderr: '' });
    expect(home.run('create configmap b --from-literal=k=v --as bob --as-group interns')).toEqual({
      code: 1, stdout: '',
      stderr: 'error: failed to create configmap: configmaps "b" is forbidden: ValidatingAdmissionPolicy \'no-interns\' with binding \'no-interns\' denied request: user bob may not create configmaps\n',
    });
  });
});

describe('ValidatingAdmissionPolicy: components and the authorizer', () => {
  let home: TempHome;
  // Pods may only be created by someone who may also create pods/exec there (a secondary authorization check).
  const AUTHZ = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: configmap-writers}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}
  validations:
  - expression: "authorizer.group('').resource('secrets').namespace(object.metadata.namespace).check('get').allowed()"
    messageExpression: "'user ' + request.userInfo.username + ' may not read secrets in ' + object.metadata.namespace"
  - expression: "authorizer.requestResource.check('delete').allowed()"
    message: "creators must be able to delete what they create"
  - expression: "authorizer.serviceAccount('kube-system', 'default').check('impersonate').reason() == ''"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: configmap-writers}
spec:
  policyName: configmap-writers
  validationActions: [Deny]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: who-creates-pods}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods]}
  validations:
  - expression: "request.userInfo.username == 'kubernetes-admin'"
    messageExpression: "request.userInfo.username + ' in ' + request.userInfo.groups.join(',')"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: who-creates-pods}
spec:
  policyName: who-creates-pods
  validationActions: [Deny]
`;
  beforeAll(() => {
    home = manualCluster('vap-authz', 12);
    expect(home.run('apply -f -', { stdin: AUTHZ }).code).toBe(0);
    expect(home.run('create role cm-writer --verb=create --resource=configmaps').code).toBe(0);
    expect(home.run('create rolebinding cm-writer --role=cm-writer --user=carol --user=dave').code).toBe(0);
    expect(home.run('create role secret-reader --verb=get --resource=secrets').code).toBe(0);
    expect(home.run('create rolebinding secret-reader --role=secret-reader --user=dave').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it('answers authorizer checks by RBAC for the requesting user', () => {
    expect(home.run('create configmap a --from-literal=k=v')).toEqual({ code: 0, stdout: 'configmap/a created\n', stderr: '' });
    expect(home.run('create configmap b --from-literal=k=v --as carol')).toEqual({
      code: 1, stdout: '',
      stderr: 'error: failed to create configmap: configmaps "b" is forbidden: ValidatingAdmissionPolicy \'configmap-writers\' with binding \'configmap-writers\' denied request: user carol may not read secrets in default\n',
    });
    // dave may read secrets but not delete configmaps: authorizer.requestResource is configmaps in default.
    expect(home.run('create configmap b --from-literal=k=v --as dave')).toEqual({
      code: 1, stdout: '',
      stderr: 'error: failed to create configmap: configmaps "b" is forbidden: ValidatingAdmissionPolicy \'configmap-writers\' with binding \'configmap-writers\' denied request: creators must be able to delete what they create\n',
    });
    expect(home.run('create role cm-deleter --verb=delete --resource=configmaps').code).toBe(0);
    expect(home.run('create rolebinding cm-deleter --role=cm-deleter --user=dave').code).toBe(0);
    expect(home.run('create configmap b --from-literal=k=v --as dave')).toEqual({ code: 0, stdout: 'configmap/b created\n', stderr: '' });
  });

  it("shows a controller's write as its own service account in request.userInfo", () => {
    expect(home.run('create deployment web --image=nginx')).toMatchObject({ code: 0 });
    expect(home.run('get events --field-selector reason=FailedCreate -o custom-columns=MSG:.message --no-headers').stdout.split('\n')[0]).toBe(
      'Error creating: pods "web-7957885594-2b6pq" is forbidden: ValidatingAdmissionPolicy \'who-creates-pods\' with binding \'who-creates-pods\' denied request: ' +
      'system:serviceaccount:kube-system:replicaset-controller in system:serviceaccounts,system:serviceaccounts:kube-system,system:authenticated');
  });
});

describe('ValidatingAdmissionPolicy: status.typeChecking', () => {
  let home: TempHome;
  const POLICY = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: replicas}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments, replicasets]}
  validations:
  - expression: "object.spec.replica <= 5"
  - expression: "object.spec.template.spec.containers[0].imag == 'x' && has(object.metadata.labels)"
    messageExpression: "'replicas: ' + string(object.spec.replicas)"
`;
  beforeAll(() => {
    home = manualCluster('vap-typecheck', 13);
    expect(home.run('apply -f -', { stdin: POLICY }).code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it("writes the type checker's warnings for fields the matched kinds lack, and the observed generation", () => {
    const out = home.run("get validatingadmissionpolicy replicas -o jsonpath={.status}");
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({
      observedGeneration: 1,
      typeChecking: {
        expressionWarnings: [
          {
            fieldRef: 'spec.validations[0].expression',
            warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replica'\n | object.spec.replica <= 5\n | ...........^\n" +
              "apps/v1, Kind=ReplicaSet: ERROR: <input>:1:12: undefined field 'replica'\n | object.spec.replica <= 5\n | ...........^",
          },
          {
            fieldRef: 'spec.validations[1].expression',
            warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:40: undefined field 'imag'\n | object.spec.template.spec.containers[0].imag == 'x' && has(object.metadata.labels)\n | .......................................^\n" +
              "apps/v1, Kind=ReplicaSet: ERROR: <input>:1:40: undefined field 'imag'\n | object.spec.template.spec.containers[0].imag == 'x' && has(object.metadata.labels)\n | .......................................^",
          },
        ],
      },
    });
    // A fixed policy is checked again at its new generation, and has no warnings.
    const fixed = POLICY.replace('object.spec.replica ', 'object.spec.replicas ').replace('].imag ', '].image ');
    expect(home.run('apply -f -', { stdin: fixed }).code).toBe(0);
    expect(home.run("get validatingadmissionpolicy replicas -o jsonpath={.status}").stdout).toBe('{"observedGeneration":2,"typeChecking":{}}');
  });
});
