import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages:
  - RequestReceived
rules:
  - level: None
    resources:
      - group: ""
        resources: ["configmaps"]
  - level: RequestResponse
    resources:
      - group: ""
        resources: ["secrets"]
    omitManagedFields: true
  - level: Request
    verbs: ["create", "delete"]
    resources:
      - group: "apps"
        resources: ["deployments"]
  - level: Metadata
    namespaces: ["default"]
`;

type AuditEvent = Record<string, any>;

describe('audit', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());
  const events = (): AuditEvent[] => fs.readFileSync(path.join(home.dir, 'audit', 'kube-apiserver.log'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as AuditEvent);

  it('logs kubectl\'s requests per the policy, one JSON line each, owner-only', () => {
    home.file('policy.yaml', POLICY);
    fs.mkdirSync(path.join(home.dir, 'audit'));
    expect(home.run('cluster create lab --clock manual --workers 1 --audit-policy policy.yaml --audit-log-path audit/kube-apiserver.log').code).toBe(0);
    expect(home.run('create configmap quiet --from-literal=a=b').code).toBe(0);
    expect(home.run('create secret generic s --from-literal=k=v').code).toBe(0);
    expect(home.run('create deployment web --image=nginx').code).toBe(0);
    expect(home.run('get pods').code).toBe(0);
    expect(fs.statSync(path.join(home.dir, 'audit', 'kube-apiserver.log')).mode & 0o777).toBe(0o600);
    const log = events();
    expect(log.every((e) => e.stage === 'ResponseComplete')).toBe(true);
    expect(log.some((e) => e.objectRef.resource === 'configmaps')).toBe(false);

    const secret = log.find((e) => e.objectRef.resource === 'secrets' && e.verb === 'create')!;
    expect(Object.keys(secret)).toEqual(['kind', 'apiVersion', 'level', 'auditID', 'stage', 'requestURI', 'verb', 'user', 'sourceIPs', 'userAgent',
      'objectRef', 'responseStatus', 'requestObject', 'responseObject', 'requestReceivedTimestamp', 'stageTimestamp', 'annotations']);
    expect(secret).toMatchObject({
      kind: 'Event', apiVersion: 'audit.k8s.io/v1', level: 'RequestResponse', stage: 'ResponseComplete',
      requestURI: '/api/v1/namespaces/default/secrets', verb: 'create',
      user: { username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] },
      objectRef: { resource: 'secrets', namespace: 'default', name: 's', apiVersion: 'v1' },
      responseStatus: { metadata: {}, code: 201 },
      annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' },
    });
    expect(secret.auditID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(secret.requestReceivedTimestamp).toBe('2026-01-01T00:05:00.000000Z');
    expect(secret.responseObject.metadata.managedFields).toBeUndefined();

    const deploy = log.find((e) => e.objectRef.resource === 'deployments')!;
    expect(deploy).toMatchObject({ level: 'Request', verb: 'create', requestURI: '/apis/apps/v1/namespaces/default/deployments', objectRef: { apiGroup: 'apps', apiVersion: 'v1' } });
    expect(deploy.requestObject.kind).toBe('Deployment');
    expect(deploy.responseObject).toBeUndefined();

    const list = log.find((e) => e.objectRef.resource === 'pods' && e.verb === 'list')!;
    expect(list).toMatchObject({ level: 'Metadata', requestURI: '/api/v1/namespaces/default/pods?limit=500', responseStatus: { code: 200 } });
    expect(list.requestObject).toBeUndefined();
    expect(new Set(log.map((e) => e.auditID)).size).toBe(log.length);
  });

  it('logs both stages unless omitted, and a refused request with its status', () => {
    home.file('policy2.yaml', 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: Metadata\n    users: ["jane"]\n');
    expect(home.run('cluster set lab --audit-policy policy2.yaml --audit-log-path audit/kube-apiserver.log').code).toBe(0);
    const before = events().length;
    expect(home.run('get secrets').code).toBe(0); // the admin: no rule matches
    expect(home.run('get secrets --as jane').code).toBe(1);
    const added = events().slice(before);
    expect(added.map((e) => e.stage)).toEqual(['RequestReceived', 'ResponseComplete']);
    expect(added[0]!.responseStatus).toBeUndefined();
    expect(added[0]!.auditID).toBe(added[1]!.auditID);
    expect(added[1]).toMatchObject({ user: { username: 'jane' }, verb: 'list', responseStatus: { status: 'Failure', reason: 'Forbidden', code: 403 },
      annotations: { 'authorization.k8s.io/decision': 'forbid' } });
  });

  it('refuses a policy that is not one', () => {
    home.file('bad.yaml', 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: Everything\n');
    const r = home.run('cluster set lab --audit-policy bad.yaml');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: invalid audit policy ".*bad\.yaml": rules\[0\]\.level: Unsupported value: "Everything": supported values: "None", "Metadata", "Request", "RequestResponse"\n$/);
  });
});

/** COMPONENTS_POLICY filters the components' requests as the docs' example policies do: by user, group, verb and resource. */
const COMPONENTS_POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
  - level: None
    resources:
      - group: ""
        resources: ["events"]
  - level: None
    users: ["system:serviceaccount:kube-system:endpoint-controller", "system:serviceaccount:kube-system:endpointslice-controller"]
  - level: None
    userGroups: ["system:serviceaccounts:kube-system"]
    verbs: ["update"]
    resources:
      - group: "apps"
        resources: ["deployments/status", "replicasets/status"]
  - level: Request
    users: ["system:kube-scheduler"]
    resources:
      - group: ""
        resources: ["pods/binding"]
  - level: Metadata
`;

describe('audit of the components\' requests', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('logs each controller, the scheduler and the kubelets as kube-apiserver authenticates them, filtered by the policy', () => {
    home.file('policy.yaml', COMPONENTS_POLICY);
    expect(home.run('cluster create lab --clock manual --seed 7 --workers 1 --audit-policy policy.yaml').code).toBe(0);
    expect(home.run('create deployment web --image=nginx').code).toBe(0);
    const log = fs.readFileSync(path.join(home.dir, 'clusters', 'lab', 'audit.log'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as AuditEvent);
    const pod = log.find((e) => e.objectRef.subresource === 'binding')!.objectRef.name as string;
    expect(log.map((e) => [e.user.username, e.verb, e.objectRef.resource + (e.objectRef.subresource ? `/${e.objectRef.subresource}` : ''), e.objectRef.name ?? '', e.level, e.sourceIPs[0]].join(' '))).toEqual([
      'kubernetes-admin create deployments web Metadata 127.0.0.1',
      'system:serviceaccount:kube-system:deployment-controller create replicasets web-7957885594 Metadata 172.18.0.2',
      'system:serviceaccount:kube-system:deployment-controller update deployments web Metadata 172.18.0.2',
      'system:serviceaccount:kube-system:replicaset-controller create pods  Metadata 172.18.0.2',
      `system:kube-scheduler create pods/binding ${pod} Request 172.18.0.2`,
      `system:node:worker01 patch pods/status ${pod} Metadata 172.18.0.3`,
    ]);
    const binding = log[4]!;
    expect(binding).toMatchObject({
      requestURI: `/api/v1/namespaces/default/pods/${pod}/binding`,
      user: { username: 'system:kube-scheduler', groups: ['system:authenticated'] },
      userAgent: 'kube-scheduler/v1.32.2 (linux/amd64) kubernetes/67a30c0/scheduler',
      responseStatus: { metadata: {}, code: 201 },
    });
    expect(log[1]).toMatchObject({
      user: { username: 'system:serviceaccount:kube-system:deployment-controller', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] },
      userAgent: 'kube-controller-manager/v1.32.2 (linux/amd64) kubernetes/67a30c0/system:serviceaccount:kube-system:deployment-controller',
    });
    expect(log[5]).toMatchObject({ user: { groups: ['system:nodes', 'system:authenticated'] }, userAgent: 'kubelet/v1.32.2 (linux/amd64) kubernetes/67a30c0' });
    expect(new Set(log.map((e) => e.auditID)).size).toBe(log.length);
  });
});

describe('audit annotations of Pod Security admission', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('names the enforced policy and the audit level\'s violations, as pod-security-admission annotates the request', () => {
    home.file('policy.yaml', 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: ["RequestReceived"]\nrules:\n  - level: Metadata\n    verbs: ["create"]\n    resources:\n      - group: ""\n        resources: ["pods"]\n      - group: "apps"\n        resources: ["deployments"]\n');
    expect(home.run('cluster create lab --clock manual --seed 7 --workers 1 --audit-policy policy.yaml').code).toBe(0);
    expect(home.run('create ns team').code).toBe(0);
    expect(home.run('label ns team pod-security.kubernetes.io/enforce=baseline pod-security.kubernetes.io/audit=restricted pod-security.kubernetes.io/audit-version=v1.30').code).toBe(0);
    expect(home.run('run p -n team --image=nginx').code).toBe(0);
    expect(home.run('run q -n team --image=nginx --privileged').stderr).toBe('Error from server (Forbidden): pods "q" is forbidden: violates PodSecurity "baseline:latest": privileged (container "q" must not set securityContext.privileged=true)\n');
    expect(home.run('create deployment web -n team --image=nginx').code).toBe(0);
    expect(home.run('run r --image=nginx').code).toBe(0);
    const log = fs.readFileSync(path.join(home.dir, 'clusters', 'lab', 'audit.log'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as AuditEvent);
    const of = (resource: string, name: string | undefined, user = 'kubernetes-admin') => log.find((e) => e.objectRef.resource === resource && e.objectRef.name === name && e.user.username === user)!.annotations;
    const restricted = (c: string) => `would violate PodSecurity "restricted:v1.30": allowPrivilegeEscalation != false (container "${c}" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "${c}" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "${c}" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "${c}" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`;
    expect(of('pods', 'p')).toEqual({
      'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '',
      'pod-security.kubernetes.io/audit-violations': restricted('p'),
      'pod-security.kubernetes.io/enforce-policy': 'baseline:latest',
    });
    // Refused by admission, not by the authorizer.
    expect(of('pods', 'q')).toMatchObject({ 'authorization.k8s.io/decision': 'allow', 'pod-security.kubernetes.io/enforce-policy': 'baseline:latest' });
    expect(of('pods', 'q')['pod-security.kubernetes.io/audit-violations']).toMatch(/^would violate PodSecurity "restricted:v1.30": privileged \(container "q" must not set securityContext.privileged=true\), allowPrivilegeEscalation != false/);
    // A workload is audited against its template; only pods are enforced.
    expect(of('deployments', 'web')).toEqual({ 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '', 'pod-security.kubernetes.io/audit-violations': restricted('nginx') });
    expect(of('pods', undefined, 'system:serviceaccount:kube-system:replicaset-controller')).toMatchObject({ 'pod-security.kubernetes.io/enforce-policy': 'baseline:latest', 'pod-security.kubernetes.io/audit-violations': restricted('nginx') });
    // A namespace without labels: the privileged policy.
    expect(of('pods', 'r')).toEqual({ 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '', 'pod-security.kubernetes.io/enforce-policy': 'privileged:latest' });
  });
});
