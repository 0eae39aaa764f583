/**
 * bootstrap-configuration: API Priority and Fairness's objects kube-apiserver keeps in every
 * cluster (k8s.io/apiserver pkg/apis/flowcontrol/bootstrap at v1.32): the mandatory
 * PriorityLevelConfigurations and FlowSchemas (exempt, catch-all), which it restores whatever an
 * operator does, and the suggested ones, which an operator may edit once they turn
 * apf.kubernetes.io/autoupdate-spec off. Fields are in the Go types' order; the specs are already
 * in their defaulted form, as upstream's are.
 */
import type { KubeObject } from '../../api/meta';

const FLOWCONTROL_API_VERSION = 'flowcontrol.apiserver.k8s.io/v1';
export const AUTO_UPDATE_ANNOTATION = 'apf.kubernetes.io/autoupdate-spec';

type Subject = Record<string, unknown>;
const ALL = ['*'];

const groups = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'Group', group: { name } }));
const users = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'User', user: { name } }));
const kubeSystemServiceAccounts = (...names: string[]): Subject[] =>
  names.map((name) => ({ kind: 'ServiceAccount', serviceAccount: { namespace: 'kube-system', name } }));

function resourceRule(verbs: string[], apiGroups: string[], resources: string[], clusterScope: boolean): Record<string, unknown> {
  return { verbs, apiGroups, resources, ...(clusterScope ? { clusterScope: true } : {}), namespaces: ALL };
}
const nonResourceRule = (verbs: string[], nonResourceURLs: string[]) => ({ verbs, nonResourceURLs });
/** EVERYTHING is the rule pair most schemas carry: every resource anywhere, every non-resource URL. */
const everything = (subjects: Subject[]) => ({
  subjects, resourceRules: [resourceRule(ALL, ALL, ALL, true)], nonResourceRules: [nonResourceRule(ALL, ALL)],
});

function priorityLevel(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: FLOWCONTROL_API_VERSION, kind: 'PriorityLevelConfiguration', metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } }, spec };
}
function limited(shares: number, lendable: number, queues: number, handSize: number): Record<string, unknown> {
  return {
    type: 'Limited',
    limited: { nominalConcurrencyShares: shares, limitResponse: { type: 'Queue', queuing: { queues, handSize, queueLengthLimit: 50 } }, lendablePercent: lendable },
  };
}

function flowSchema(name: string, priorityLevelName: string, matchingPrecedence: number, distinguisher: string, rules: Record<string, unknown>): KubeObject {
  return {
    apiVersion: FLOWCONTROL_API_VERSION, kind: 'FlowSchema', metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } },
    spec: {
      priorityLevelConfiguration: { name: priorityLevelName }, matchingPrecedence,
      ...(distinguisher ? { distinguisherMethod: { type: distinguisher } } : {}), rules: [rules],
    },
  };
}

export const MANDATORY_PRIORITY_LEVELS: readonly KubeObject[] = [
  priorityLevel('catch-all', {
    type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' }, lendablePercent: 0 },
  }),
  priorityLevel('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } }),
];

export const MANDATORY_FLOW_SCHEMAS: readonly KubeObject[] = [
  flowSchema('exempt', 'exempt', 1, '', everything(groups('system:masters'))),
  flowSchema('catch-all', 'catch-all', 10000, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
];

export const SUGGESTED_PRIORITY_LEVELS: readonly KubeObject[] = [
  priorityLevel('system', limited(30, 33, 64, 6)),
  priorityLevel('node-high', limited(40, 25, 64, 6)),
  priorityLevel('leader-election', limited(10, 0, 16, 4)),
  priorityLevel('workload-high', limited(40, 50, 128, 6)),
  priorityLevel('workload-low', limited(100, 90, 128, 6)),
  priorityLevel('global-default', limited(20, 50, 128, 6)),
];

const LEASES = ['coordination.k8s.io'];
const READ_WRITE = ['get', 'create', 'update'];

export const SUGGESTED_FLOW_SCHEMAS: readonly KubeObject[] = [
  flowSchema('system-nodes', 'system', 500, 'ByUser', everything(groups('system:nodes'))),
  flowSchema('system-node-high', 'node-high', 400, 'ByUser', {
    subjects: groups('system:nodes'),
    resourceRules: [resourceRule(ALL, [''], ['nodes', 'nodes/status'], true), resourceRule(ALL, LEASES, ['leases'], false)],
  }),
  flowSchema('probes', 'exempt', 2, '', {
    subjects: groups('system:unauthenticated', 'system:authenticated'),
    nonResourceRules: [nonResourceRule(['get'], ['/healthz', '/readyz', '/livez'])],
  }),
  flowSchema('system-leader-election', 'leader-election', 100, 'ByUser', {
    subjects: [...users('system:kube-controller-manager', 'system:kube-scheduler'), ...kubeSystemServiceAccounts('*')],
    resourceRules: [resourceRule(READ_WRITE, LEASES, ['leases'], false)],
  }),
  flowSchema('workload-leader-election', 'leader-election', 200, 'ByUser', {
    subjects: kubeSystemServiceAccounts('*'),
    resourceRules: [resourceRule(READ_WRITE, [''], ['endpoints', 'configmaps'], false), resourceRule(READ_WRITE, LEASES, ['leases'], false)],
  }),
  flowSchema('endpoint-controller', 'workload-high', 150, 'ByUser', {
    subjects: [...users('system:kube-controller-manager'), ...kubeSystemServiceAccounts('endpoint-controller', 'endpointslicemirroring-controller')],
    resourceRules: [resourceRule(READ_WRITE, [''], ['endpoints'], false)],
  }),
  flowSchema('kube-controller-manager', 'workload-high', 800, 'ByNamespace', everything(users('system:kube-controller-manager'))),
  flowSchema('kube-scheduler', 'workload-high', 800, 'ByNamespace', everything(users('system:kube-scheduler'))),
  flowSchema('kube-system-service-accounts', 'workload-high', 900, 'ByNamespace', everything(kubeSystemServiceAccounts('*'))),
  flowSchema('service-accounts', 'workload-low', 9000, 'ByUser', everything(groups('system:serviceaccounts'))),
  flowSchema('global-default', 'global-default', 9900, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
];

/** bootstrapObjects is the order kube-apiserver's ensurer writes them in: suggested, then mandatory; levels before schemas. */
export function bootstrapObjects(): KubeObject[] {
  return [...SUGGESTED_PRIORITY_LEVELS, ...SUGGESTED_FLOW_SCHEMAS, ...MANDATORY_PRIORITY_LEVELS, ...MANDATORY_FLOW_SCHEMAS].map((o) => structuredClone(o));
}
