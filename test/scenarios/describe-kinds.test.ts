/**
 * describe for the kinds with a dedicated kubectl describer beyond the workloads: each
 * object is created through the real CLI on a manual cluster and `describe` must print
 * kubectl v1.32's layout exactly. The expected texts follow kubectl pkg/describe/describe.go
 * (v0.32); each case names the upstream function it follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// A PKCS#10 request for CN=alice, O=dev, O=ops with DNS, IP and e-mail alternative names.
const CSR_PEM = [
  '-----BEGIN CERTIFICATE REQUEST-----',
  'MIIBLjCB1gIBADAsMQ4wDAYDVQQDDAVhbGljZTEMMAoGA1UECgwDZGV2MQwwCgYD',
  'VQQKDANvcHMwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASMhj4tih4BvqUJ7VrI',
  'oK3WvG6CoJH3FRFpFXa0/jBO2cTRVsIFjEK406OiUu0CS+apzstVnjqEwagCENMQ',
  'wg2MoEgwRgYJKoZIhvcNAQkOMTkwNzA1BgNVHREELjAsghFhbGljZS5leGFtcGxl',
  'LmNvbYcECgAAAYERYWxpY2VAZXhhbXBsZS5jb20wCgYIKoZIzj0EAwIDRwAwRAIg',
  'SPiDJICAo6KhA4InDySlPvu3lxd8WBenw1mmrBNPJXYCIAt7EVSoNVctsgp0pRBv',
  'EIot8zypxNZcwfHY/BWxYbPV',
  '-----END CERTIFICATE REQUEST-----',
].join('\n') + '\n';

const RBAC = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: reader, namespace: default}
rules:
- apiGroups: [""]
  resources: [pods, pods/log]
  verbs: [get, list]
- apiGroups: [apps]
  resources: [deployments]
  resourceNames: [web]
  verbs: [get, patch]
- apiGroups: [""]
  resources: [pods]
  verbs: [watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: probe, labels: {team: ops}}
rules:
- nonResourceURLs: [/healthz, /metrics]
  verbs: [get]
- apiGroups: ["*"]
  resources: ["*"]
  verbs: ["*"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: read-pods, namespace: default}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader}
subjects:
- {kind: User, name: jane, apiGroup: rbac.authorization.k8s.io}
- {kind: ServiceAccount, name: default, namespace: default}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: probe-all}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: probe}
subjects:
- {kind: Group, name: "system:authenticated", apiGroup: rbac.authorization.k8s.io}
`;

// Manifests spell out what the API server would default (LimitRange items, HPA behavior), so
// the expected texts are what a real v1.32 cluster prints for the same objects.
const POLICY = `apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: default}
spec:
  hard: {pods: "10", requests.cpu: "2", requests.memory: 1Gi, limits.memory: 2G}
---
apiVersion: v1
kind: LimitRange
metadata: {name: limits, namespace: default}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 256Mi}
    defaultRequest: {cpu: 100m, memory: 128Mi}
    max: {cpu: "1"}
    min: {cpu: 50m}
  - type: Pod
    max: {memory: 1Gi}
    maxLimitRequestRatio: {cpu: "10"}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web, namespace: default}
spec:
  minAvailable: 1
  selector: {matchLabels: {app: web}}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: api-allow, namespace: default}
spec:
  podSelector: {matchLabels: {app: api}}
  ingress:
  - from:
    - podSelector: {matchLabels: {role: frontend}}
    - ipBlock: {cidr: 172.17.0.0/16, except: [172.17.1.0/24]}
    ports:
    - {protocol: TCP, port: 6379}
  - {}
  egress:
  - to:
    - namespaceSelector: {matchLabels: {team: ops}}
      podSelector: {matchLabels: {app: db}}
    ports:
    - {port: 5432, endPort: 5440}
  policyTypes: [Ingress, Egress]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: deny-all, namespace: default}
spec:
  podSelector: {}
`;

const WEB = `apiVersion: v1
kind: Service
metadata: {name: web, namespace: default}
spec:
  selector: {app: web}
  ports:
  - {name: http, port: 80, targetPort: 8080}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, labels: {app: web}}
spec:
  containers:
  - {name: web, image: nginx}
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: web-manual
  namespace: default
  labels: {kubernetes.io/service-name: web}
addressType: IPv4
ports:
- {name: http, port: 8080, protocol: TCP}
endpoints:
- addresses: [10.244.9.9]
  conditions: {ready: true}
  nodeName: kind-worker
  targetRef: {kind: Pod, name: web, namespace: default}
- addresses: [10.244.9.10]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web, namespace: default}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 2
  maxReplicas: 5
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 80}}
  - type: Pods
    pods: {metric: {name: packets-per-second}, target: {type: AverageValue, averageValue: 1k}}
  behavior:
    scaleUp:
      stabilizationWindowSeconds: 0
      selectPolicy: Max
      policies:
      - {type: Pods, value: 4, periodSeconds: 15}
      - {type: Percent, value: 100, periodSeconds: 15}
    scaleDown:
      stabilizationWindowSeconds: 300
      selectPolicy: Min
      policies:
      - {type: Percent, value: 50, periodSeconds: 60}
      - {type: Pods, value: 2, periodSeconds: 60}
---
apiVersion: v1
kind: Service
metadata: {name: db, namespace: default}
spec:
  ports:
  - {port: 5432}
---
apiVersion: v1
kind: Endpoints
metadata: {name: db, namespace: default, labels: {app: db}}
subsets:
- addresses: [{ip: 10.0.0.5}, {ip: 10.0.0.7}]
  notReadyAddresses: [{ip: 10.0.0.6}]
  ports: [{port: 5432, protocol: TCP}]
- addresses: [{ip: 10.0.1.5}]
`;

const CLUSTER_KINDS = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: example.com/ssd
parameters: {type: pd-ssd, zone: a}
allowVolumeExpansion: true
mountOptions: [debug, noatime]
reclaimPolicy: Retain
allowedTopologies:
- matchLabelExpressions:
  - {key: topology.kubernetes.io/zone, values: [zone-a, zone-b]}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
description: For important pods.
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: nginx}
spec:
  controller: k8s.io/ingress-nginx
  parameters: {apiGroup: k8s.example.com, kind: IngressParameters, name: external-lb}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: builder, namespace: default}
secrets: [{name: builder-token}]
imagePullSecrets: [{name: registry-creds}, {name: gone}]
---
apiVersion: v1
kind: Secret
metadata: {name: registry-creds, namespace: default}
stringData: {token: x}
---
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata: {name: alice}
spec:
  request: ${Buffer.from(CSR_PEM).toString('base64')}
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 86400
  usages: [client auth]
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: crontabs.stable.example.com}
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec: {type: string}
`;

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

describe('describe: kinds with their own kubectl describer', () => {
  let home: TempHome;
  const describeOut = (args: string): string => {
    const r = home.run(`describe ${args}`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r.stdout;
  };

  beforeAll(() => {
    home = manualCluster('describe-kinds', 7);
    // create (not apply): no last-applied annotation in the one-line Annotations cells.
    for (const [name, text] of [['rbac', RBAC], ['policy', POLICY], ['web', WEB], ['cluster', CLUSTER_KINDS]]) {
      const r = home.run(['create', '-f', home.file(`${name}.yaml`, text!)]);
      expect(r.stderr).toBe('');
    }
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it('role: RoleDescriber (rules broken down, merged by verb, sorted by PolicyRule.String())', () => {
    expect(describeOut('role reader')).toBe(lines(
      'Name:         reader',
      'Labels:       <none>',
      'Annotations:  <none>',
      'PolicyRule:',
      '  Resources         Non-Resource URLs  Resource Names  Verbs',
      '  ---------         -----------------  --------------  -----',
      '  pods              []                 []              [get list watch]',
      '  pods/log          []                 []              [get list]',
      '  deployments.apps  []                 [web]           [get patch]',
    ));
  });

  it('clusterrole: ClusterRoleDescriber (wildcards, one row per non-resource URL and verb)', () => {
    expect(describeOut('clusterrole probe')).toBe(lines(
      'Name:         probe',
      'Labels:       team=ops',
      'Annotations:  <none>',
      'PolicyRule:',
      '  Resources  Non-Resource URLs  Resource Names  Verbs',
      '  ---------  -----------------  --------------  -----',
      '  *.*        []                 []              [*]',
      '             [/healthz]         []              [get]',
      '             [/metrics]         []              [get]',
    ));
  });

  it('rolebinding: RoleBindingDescriber', () => {
    expect(describeOut('rolebinding read-pods')).toBe(lines(
      'Name:         read-pods',
      'Labels:       <none>',
      'Annotations:  <none>',
      'Role:',
      '  Kind:  Role',
      '  Name:  reader',
      'Subjects:',
      '  Kind            Name     Namespace',
      '  ----            ----     ---------',
      '  User            jane     ',
      '  ServiceAccount  default  default',
    ));
  });

  it('clusterrolebinding: ClusterRoleBindingDescriber', () => {
    expect(describeOut('clusterrolebinding probe-all')).toBe(lines(
      'Name:         probe-all',
      'Labels:       <none>',
      'Annotations:  <none>',
      'Role:',
      '  Kind:  ClusterRole',
      '  Name:  probe',
      'Subjects:',
      '  Kind   Name                  Namespace',
      '  ----   ----                  ---------',
      '  Group  system:authenticated  ',
    ));
  });

  it('resourcequota: describeQuota (a used amount in another format than its hard limit is re-printed in the hard format)', () => {
    expect(describeOut('quota compute')).toBe(lines(
      'Name:            compute',
      'Namespace:       default',
      'Resource         Used       Hard',
      '--------         ----       ----',
      'limits.memory    268435456  2G',
      'pods             1          10',
      'requests.cpu     100m       2',
      'requests.memory  128Mi      1Gi',
    ));
  });

  it('limitrange: describeLimitRange', () => {
    expect(describeOut('limits limits')).toBe(lines(
      'Name:       limits',
      'Namespace:  default',
      'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
      '----        --------  ---  ---  ---------------  -------------  -----------------------',
      'Container   cpu       50m  1    100m             500m           -',
      'Container   memory    -    -    128Mi            256Mi          -',
      // kubectl's order of a small Go map, most often: max's names, then min's, …, then the ratio's.
      'Pod         memory    -    1Gi  -                -              -',
      'Pod         cpu       -    -    -                -              10',
    ));
  });

  it('horizontalpodautoscaler: describeHorizontalPodAutoscalerV2', () => {
    expect(describeOut('hpa web')).toBe(lines(
      'Name:                                                  web',
      'Namespace:                                             default',
      'Labels:                                                <none>',
      'Annotations:                                           <none>',
      'CreationTimestamp:                                     Thu, 01 Jan 2026 00:05:00 +0000',
      'Reference:                                             Deployment/web',
      'Metrics:                                               ( current / target )',
      '  resource cpu on pods  (as a percentage of request):  <unknown> / 80%',
      '  "packets-per-second" on pods:                        <unknown> / 1k',
      'Min replicas:                                          2',
      'Max replicas:                                          5',
      'Behavior:',
      '  Scale Up:',
      '    Stabilization Window: 0 seconds',
      '    Select Policy: Max',
      '    Policies:',
      '      - Type: Pods     Value: 4    Period: 15 seconds',
      '      - Type: Percent  Value: 100  Period: 15 seconds',
      '  Scale Down:',
      '    Stabilization Window: 300 seconds',
      '    Select Policy: Min',
      '    Policies:',
      '      - Type: Percent  Value: 50  Period: 60 seconds',
      '      - Type: Pods     Value: 2   Period: 60 seconds',
      // The policy rows' first cells are TAB-terminated, so the next lines share their column block.
      'Deployment pods:       0 current / 0 desired',
      // The controller cannot find its target: the condition and event upstream's sync records.
      'Conditions:',
      '  Type         Status  Reason          Message',
      '  ----         ------  ------          -------',
      '  AbleToScale  False   FailedGetScale  the HPA controller was unable to get the target\'s current scale: deployments.apps "web" not found',
      'Events:',
      '  Type     Reason          Age               From                       Message',
      '  ----     ------          ----              ----                       -------',
      '  Warning  FailedGetScale  0s (x2 over 15s)  horizontal-pod-autoscaler  deployments.apps "web" not found',
    ));
  });

  it('networkpolicy: describeNetworkPolicy with ingress and egress rules', () => {
    expect(describeOut('netpol api-allow')).toBe(lines(
      'Name:         api-allow',
      'Namespace:    default',
      'Created on:   2026-01-01 00:05:00 +0000 UTC',
      'Labels:       <none>',
      'Annotations:  <none>',
      'Spec:',
      '  PodSelector:     app=api',
      '  Allowing ingress traffic:',
      '    To Port: 6379/TCP',
      '    From:',
      '      PodSelector: role=frontend',
      '    From:',
      '      IPBlock:',
      '        CIDR: 172.17.0.0/16',
      '        Except: 172.17.1.0/24',
      '    ----------',
      '    To Port: <any> (traffic allowed to all ports)',
      '    From: <any> (traffic not restricted by source)',
      '  Allowing egress traffic:',
      '    To Port Range: 5432-5440/TCP',
      '    To:',
      '      NamespaceSelector: team=ops',
      '      PodSelector: app=db',
      '  Policy Types: Ingress, Egress',
    ));
  });

  it('networkpolicy: an empty policy selects every pod and isolates ingress (policyTypes defaulted to Ingress)', () => {
    expect(describeOut('netpol deny-all')).toBe(lines(
      'Name:         deny-all',
      'Namespace:    default',
      'Created on:   2026-01-01 00:05:00 +0000 UTC',
      'Labels:       <none>',
      'Annotations:  <none>',
      'Spec:',
      '  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)',
      '  Allowing ingress traffic:',
      '    <none> (Selected pods are isolated for ingress connectivity)',
      '  Not affecting egress traffic',
      '  Policy Types: Ingress',
    ));
  });

  it('poddisruptionbudget: describePodDisruptionBudgetV1', () => {
    expect(describeOut('pdb web')).toBe(lines(
      'Name:           web',
      'Namespace:      default',
      'Min available:  1',
      'Selector:       app=web',
      'Status:',
      '    Allowed disruptions:  0',
      '    Current:              1',
      '    Desired:              1',
      '    Total:                1',
      'Events:                   <none>',
    ));
  });

  it('storageclass: describeStorageClass (one-line annotations and parameters, allowed topologies)', () => {
    expect(describeOut('storageclass fast')).toBe(lines(
      'Name:                  fast',
      'IsDefaultClass:        No',
      'Annotations:           <none>',
      'Provisioner:           example.com/ssd',
      'Parameters:            type=pd-ssd,zone=a',
      'AllowVolumeExpansion:  True',
      'MountOptions:',
      '  debug',
      '  noatime',
      'ReclaimPolicy:      Retain',
      'VolumeBindingMode:  Immediate',
      'AllowedTopologies:  ',
      '  Term 0:           topology.kubernetes.io/zone in [zone-a, zone-b]',
      'Events:             <none>',
    ));
  });

  it('storageclass: the default class', () => {
    expect(describeOut('storageclass standard')).toBe(lines(
      'Name:                  standard',
      'IsDefaultClass:        Yes',
      'Annotations:           storageclass.kubernetes.io/is-default-class=true',
      'Provisioner:           rancher.io/local-path',
      'Parameters:            <none>',
      'AllowVolumeExpansion:  <unset>',
      'MountOptions:          <none>',
      'ReclaimPolicy:         Delete',
      'VolumeBindingMode:     WaitForFirstConsumer',
      'Events:                <none>',
    ));
  });

  it('endpoints: describeEndpoints (each subset ends with an empty line)', () => {
    expect(describeOut('endpoints db')).toBe(lines(
      'Name:         db',
      'Namespace:    default',
      'Labels:       app=db',
      'Annotations:  <none>',
      'Subsets:',
      '  Addresses:          10.0.0.5,10.0.0.7',
      '  NotReadyAddresses:  10.0.0.6',
      '  Ports:',
      '    Name     Port  Protocol',
      '    ----     ----  --------',
      '    <unset>  5432  TCP',
      '',
      '  Addresses:          10.0.1.5',
      '  NotReadyAddresses:  <none>',
      '',
      'Events:  <none>',
    ));
  });

  it('endpointslice: describeEndpointSliceV1', () => {
    expect(describeOut('endpointslice web-manual')).toBe(lines(
      'Name:         web-manual',
      'Namespace:    default',
      'Labels:       kubernetes.io/service-name=web',
      'Annotations:  <none>',
      'AddressType:  IPv4',
      'Ports:',
      '  Name  Port  Protocol',
      '  ----  ----  --------',
      '  http  8080  TCP',
      'Endpoints:',
      '  - Addresses:  10.244.9.9',
      '    Conditions:',
      '      Ready:    true',
      '    Hostname:   <unset>',
      '    TargetRef:  Pod/web',
      '    NodeName:   kind-worker',
      '    Zone:       <unset>',
      '  - Addresses:  10.244.9.10',
      '    Conditions:',
      '      Ready:   <unset>',
      '    Hostname:  <unset>',
      '    NodeName:  <unset>',
      '    Zone:      <unset>',
      'Events:        <none>',
    ));
  });

  it('priorityclass: describePriorityClass', () => {
    expect(describeOut('priorityclass high')).toBe(lines(
      'Name:              high',
      'Value:             1000',
      'GlobalDefault:     false',
      'PreemptionPolicy:  PreemptLowerPriority',
      'Description:       For important pods.',
      'Annotations:       <none>',
      'Events:            <none>',
    ));
  });

  it('ingressclass: describeIngressClassV1', () => {
    expect(describeOut('ingressclass nginx')).toBe(lines(
      'Name:         nginx',
      'Labels:       <none>',
      'Annotations:  <none>',
      'Controller:   k8s.io/ingress-nginx',
      'Parameters:',
      '  APIGroup:  k8s.example.com',
      '  Kind:      IngressParameters',
      '  Name:      external-lb',
      'Events:      <none>',
    ));
  });

  it('serviceaccount: describeServiceAccount marks missing mountable and image pull secrets', () => {
    expect(describeOut('serviceaccount builder')).toBe(lines(
      'Name:                builder',
      'Namespace:           default',
      'Labels:              <none>',
      'Annotations:         <none>',
      'Image pull secrets:  registry-creds',
      '                     gone (not found)',
      'Mountable secrets:   builder-token (not found)',
      'Tokens:              <none>',
      'Events:              <none>',
    ));
  });

  it('certificatesigningrequest: describeCertificateSigningRequest reads the subject and SANs from the PEM request', () => {
    // The API server records the requester (the default admin here) in spec.username.
    expect(describeOut('csr alice')).toBe(lines(
      'Name:                alice',
      'Labels:              <none>',
      'Annotations:         <none>',
      'CreationTimestamp:   Thu, 01 Jan 2026 00:05:00 +0000',
      'Requesting User:     kubernetes-admin',
      'Signer:              kubernetes.io/kube-apiserver-client',
      'Requested Duration:  24h',
      'Status:              Pending',
      'Subject:',
      '  Common Name:    alice',
      '  Serial Number:  ',
      '  Organization:   dev',
      '                  ops',
      'Subject Alternative Names:',
      '         DNS Names:        alice.example.com',
      '         Email Addresses:  alice@example.com',
      '         IP Addresses:     10.0.0.1',
      'Events:  <none>',
    ));
  });

  it('certificatesigningrequest: a request that is not PEM is an error, as kubectl reports it', () => {
    const bad = `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata: {name: bad}
spec:
  request: ${Buffer.from('not a CSR').toString('base64')}
  signerName: kubernetes.io/kube-apiserver-client
  usages: [client auth]
`;
    home.run(['create', '-f', home.file('bad-csr.yaml', bad)]);
    expect(home.run('describe csr bad')).toEqual({
      stdout: '', stderr: 'error: Error parsing CSR: PEM block type must be CERTIFICATE REQUEST\n', code: 1,
    });
  });

  it('customresourcedefinition: kubectl has no describer for CRDs and uses the generic one', () => {
    const crd = JSON.parse(home.run('get crd crontabs.stable.example.com -o json').stdout);
    expect(describeOut('crd crontabs.stable.example.com')).toBe(lines(
      'Name:         crontabs.stable.example.com',
      'Namespace:    ',
      'Labels:       <none>',
      'Annotations:  <none>',
      'API Version:  apiextensions.k8s.io/v1',
      'Kind:         CustomResourceDefinition',
      'Metadata:',
      '  Creation Timestamp:  2026-01-01T00:05:00Z',
      '  Generation:          1',
      `  Resource Version:    ${crd.metadata.resourceVersion}`,
      `  UID:                 ${crd.metadata.uid}`,
      'Spec:',
      '  Conversion:',
      '    Strategy:  None',
      '  Group:       stable.example.com',
      '  Names:',
      '    Kind:       CronTab',
      '    List Kind:  CronTabList',
      '    Plural:     crontabs',
      '    Short Names:',
      '      ct',
      '    Singular:  crontab',
      '  Scope:       Namespaced',
      '  Versions:',
      '    Name:  v1',
      '    Schema:',
      '      openAPIV3Schema:',
      '        Properties:',
      '          Spec:',
      '            Properties:',
      '              Cron Spec:',
      '                Type:  string',
      '            Type:      object',
      '        Type:          object',
      '    Served:            true',
      '    Storage:           true',
      // The API server's naming and establishing controllers fill in the status.
      'Status:',
      '  Accepted Names:',
      '    Kind:       CronTab',
      '    List Kind:  CronTabList',
      '    Plural:     crontabs',
      '    Short Names:',
      '      ct',
      '    Singular:  crontab',
      '  Conditions:',
      '    Last Transition Time:  2026-01-01T00:05:00Z',
      '    Message:               no conflicts found',
      '    Reason:                NoConflicts',
      '    Status:                True',
      '    Type:                  NamesAccepted',
      '    Last Transition Time:  2026-01-01T00:05:00Z',
      '    Message:               the initial names have been accepted',
      '    Reason:                InitialNamesAccepted',
      '    Status:                True',
      '    Type:                  Established',
      '  Stored Versions:',
      '    v1',
      'Events:  <none>',
    ));
  });
});
