/**
 * declared-defaults: the v1.32 defaulting functions (pkg/apis/<group>/v1/defaults.go) of kinds
 * whose strategy is otherwise the generic one, so what is stored, and what `get -o yaml` shows,
 * carries the fields kube-apiserver fills in: StorageClass, CSIDriver, NetworkPolicy,
 * IngressClass, Endpoints, EndpointSlice, PriorityClass, the admission webhook configurations,
 * FlowSchema and PriorityLevelConfiguration.
 * kubemu: CSIDriver's seLinuxMount is left unset.
 */
import type { KubeObject } from '../../api/meta';
import { genericStrategy } from './generic';
import { isObject, setDefault, type Strategy } from './strategy';

type Obj = Record<string, any>;

/** each calls fn on every object item of a list value. */
function each(list: unknown, fn: (item: Obj) => void): void {
  if (Array.isArray(list)) for (const item of list) if (isObject(item)) fn(item);
}

/** spec returns obj.spec, made an object when it is absent (a Go struct is always there). */
function spec(obj: KubeObject): Obj | undefined {
  if (obj.spec === undefined) obj.spec = {};
  return isObject(obj.spec) ? obj.spec : undefined;
}

const defaultTCP = (port: Obj): void => setDefault(port, 'protocol', 'TCP');

function defaultStorageClass(obj: Obj): void {
  setDefault(obj, 'reclaimPolicy', 'Delete');
  setDefault(obj, 'volumeBindingMode', 'Immediate');
}

function defaultCSIDriver(obj: KubeObject): void {
  const s = spec(obj);
  if (!s) return;
  setDefault(s, 'attachRequired', true);
  setDefault(s, 'podInfoOnMount', false);
  setDefault(s, 'storageCapacity', false);
  setDefault(s, 'fsGroupPolicy', 'ReadWriteOnceWithFSType');
  if (!Array.isArray(s.volumeLifecycleModes) || !s.volumeLifecycleModes.length) s.volumeLifecycleModes = ['Persistent'];
  setDefault(s, 'requiresRepublish', false);
}

function defaultNetworkPolicy(obj: KubeObject): void {
  const s = spec(obj);
  if (!s) return;
  each(s.ingress, (rule) => each(rule.ports, defaultTCP));
  each(s.egress, (rule) => each(rule.ports, defaultTCP));
  // A policy without policyTypes is at least Ingress, and Egress when it has egress rules.
  if (!Array.isArray(s.policyTypes) || !s.policyTypes.length) {
    s.policyTypes = Array.isArray(s.egress) && s.egress.length ? ['Ingress', 'Egress'] : ['Ingress'];
  }
}

function defaultIngressClass(obj: KubeObject): void {
  const params = obj.spec?.parameters;
  if (isObject(params)) setDefault(params as Obj, 'scope', 'Cluster');
}

function defaultEndpoints(obj: Obj): void {
  each(obj.subsets, (subset) => each(subset.ports, defaultTCP));
}

function defaultEndpointSlice(obj: Obj): void {
  each(obj.ports, (port) => {
    setDefault(port, 'name', '');
    defaultTCP(port);
  });
}

function defaultPriorityClass(obj: Obj): void {
  setDefault(obj, 'preemptionPolicy', 'PreemptLowerPriority');
}

/** defaultWebhooks is SetDefaults_ValidatingWebhook / _MutatingWebhook with their rules' and service's. */
function defaultWebhooks(mutating: boolean): (obj: Obj) => void {
  return (obj) => each(obj.webhooks, (w) => {
    setDefault(w, 'failurePolicy', 'Fail');
    setDefault(w, 'matchPolicy', 'Equivalent');
    setDefault(w, 'namespaceSelector', {});
    setDefault(w, 'objectSelector', {});
    setDefault(w, 'timeoutSeconds', 10);
    if (mutating) setDefault(w, 'reinvocationPolicy', 'Never');
    each(w.rules, (rule) => setDefault(rule, 'scope', '*'));
    if (isObject(w.clientConfig?.service)) setDefault(w.clientConfig.service as Obj, 'port', 443);
  });
}

function defaultFlowSchema(obj: KubeObject): void {
  const s = spec(obj);
  if (s && !s.matchingPrecedence) s.matchingPrecedence = 1000;
}

function defaultPriorityLevel(obj: KubeObject): void {
  const s = spec(obj);
  if (!s) return;
  if (isObject(s.limited)) {
    const limited = s.limited as Obj;
    if (!limited.nominalConcurrencyShares) limited.nominalConcurrencyShares = 30;
    setDefault(limited, 'lendablePercent', 0);
    const queuing = limited.limitResponse?.queuing;
    if (isObject(queuing)) {
      const q = queuing as Obj;
      if (!q.handSize) q.handSize = 8;
      if (!q.queues) q.queues = 64;
      if (!q.queueLengthLimit) q.queueLengthLimit = 50;
    }
  }
  if (isObject(s.exempt)) {
    setDefault(s.exempt as Obj, 'nominalConcurrencyShares', 0);
    setDefault(s.exempt as Obj, 'lendablePercent', 0);
  }
}

const DEFAULTS: Record<string, (obj: KubeObject) => void> = {
  StorageClass: defaultStorageClass,
  CSIDriver: defaultCSIDriver,
  NetworkPolicy: defaultNetworkPolicy,
  IngressClass: defaultIngressClass,
  Endpoints: defaultEndpoints,
  EndpointSlice: defaultEndpointSlice,
  PriorityClass: defaultPriorityClass,
  ValidatingWebhookConfiguration: defaultWebhooks(false),
  MutatingWebhookConfiguration: defaultWebhooks(true),
  FlowSchema: defaultFlowSchema,
  PriorityLevelConfiguration: defaultPriorityLevel,
};

/** DECLARED_DEFAULT_STRATEGIES: for each of those kinds, the generic strategy with its defaults. */
export const DECLARED_DEFAULT_STRATEGIES: ReadonlyArray<[string, Strategy]> = Object.entries(DEFAULTS)
  .map(([kind, defaults]) => [kind, { ...genericStrategy(kind), defaults }]);
