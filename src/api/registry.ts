/**
 * registry: the table of every resource a v1.32 cluster serves (what `api-resources`
 * prints), and the rules that turn a user's type argument ("deploy", "pods.v1.",
 * "deployment.apps") or a manifest's apiVersion/kind into one ResourceInfo.
 * CustomResourceDefinitions extend it at run time through Registry.withCustom.
 */

export interface ResourceInfo {
  /** resource is the lower-case plural ("deployments"). */
  readonly resource: string;
  readonly singular: string;
  readonly kind: string;
  /** group is "" for the core group. */
  readonly group: string;
  /** version is the preferred (storage) version. */
  readonly version: string;
  /** servedVersions lists every version the API accepts for this resource. */
  readonly servedVersions: readonly string[];
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly verbs: readonly string[];
  readonly categories: readonly string[];
  /** storageKind is the key this resource's objects are stored under (events.k8s.io Events share core Events). */
  readonly storageKind: string;
  /** printerColumns are a custom resource's additionalPrinterColumns (its CRD's storage version), if it declares any. */
  readonly printerColumns?: readonly PrinterColumn[];
  /** schemas are a custom resource's openAPIV3Schema per version, when its CRD declares them. */
  readonly schemas?: Readonly<Record<string, unknown>>;
  /** statusSubresource: a custom resource whose CRD enables /status (spec writes then leave status alone). */
  readonly statusSubresource?: boolean;
}

/** PrinterColumn is one CustomResourceColumnDefinition (apiextensions.k8s.io/v1). */
export interface PrinterColumn {
  readonly name: string;
  readonly type: string;
  readonly jsonPath: string;
  readonly priority?: number;
  readonly format?: string;
  readonly description?: string;
}

const ALL = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const NS = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
const C = ['create'];
const GL = ['get', 'list'];

function r(resource: string, kind: string, group: string, version: string, namespaced: boolean,
  shortNames: string[], verbs: string[], categories: string[] = []): ResourceInfo {
  return {
    resource, singular: kind.toLowerCase(), kind, group, version, servedVersions: [version],
    namespaced, shortNames, verbs, categories, storageKind: kind,
  };
}

/** BUILTIN_RESOURCES is discovery of a stock kubeadm v1.32 cluster, in api-resources order. */
export const BUILTIN_RESOURCES: readonly ResourceInfo[] = [
  r("bindings", "Binding", "", "v1", true, [], C),
  r("componentstatuses", "ComponentStatus", "", "v1", false, ["cs"], GL),
  r("configmaps", "ConfigMap", "", "v1", true, ["cm"], ALL),
  r("endpoints", "Endpoints", "", "v1", true, ["ep"], ALL),
  r("events", "Event", "", "v1", true, ["ev"], ALL),
  r("limitranges", "LimitRange", "", "v1", true, ["limits"], ALL),
  r("namespaces", "Namespace", "", "v1", false, ["ns"], NS),
  r("nodes", "Node", "", "v1", false, ["no"], ALL),
  r("persistentvolumeclaims", "PersistentVolumeClaim", "", "v1", true, ["pvc"], ALL),
  r("persistentvolumes", "PersistentVolume", "", "v1", false, ["pv"], ALL),
  r("pods", "Pod", "", "v1", true, ["po"], ALL, ["all"]),
  r("podtemplates", "PodTemplate", "", "v1", true, [], ALL),
  r("replicationcontrollers", "ReplicationController", "", "v1", true, ["rc"], ALL, ["all"]),
  r("resourcequotas", "ResourceQuota", "", "v1", true, ["quota"], ALL),
  r("secrets", "Secret", "", "v1", true, [], ALL),
  r("serviceaccounts", "ServiceAccount", "", "v1", true, ["sa"], ALL),
  r("services", "Service", "", "v1", true, ["svc"], ALL, ["all"]),
  r("mutatingwebhookconfigurations", "MutatingWebhookConfiguration", "admissionregistration.k8s.io", "v1", false, [], ALL),
  r("validatingadmissionpolicies", "ValidatingAdmissionPolicy", "admissionregistration.k8s.io", "v1", false, [], ALL),
  r("validatingadmissionpolicybindings", "ValidatingAdmissionPolicyBinding", "admissionregistration.k8s.io", "v1", false, [], ALL),
  r("validatingwebhookconfigurations", "ValidatingWebhookConfiguration", "admissionregistration.k8s.io", "v1", false, [], ALL),
  r("customresourcedefinitions", "CustomResourceDefinition", "apiextensions.k8s.io", "v1", false, ["crd","crds"], ALL),
  r("apiservices", "APIService", "apiregistration.k8s.io", "v1", false, [], ALL),
  r("controllerrevisions", "ControllerRevision", "apps", "v1", true, [], ALL),
  r("daemonsets", "DaemonSet", "apps", "v1", true, ["ds"], ALL, ["all"]),
  r("deployments", "Deployment", "apps", "v1", true, ["deploy"], ALL, ["all"]),
  r("replicasets", "ReplicaSet", "apps", "v1", true, ["rs"], ALL, ["all"]),
  r("statefulsets", "StatefulSet", "apps", "v1", true, ["sts"], ALL, ["all"]),
  r("selfsubjectreviews", "SelfSubjectReview", "authentication.k8s.io", "v1", false, [], C),
  r("tokenreviews", "TokenReview", "authentication.k8s.io", "v1", false, [], C),
  r("localsubjectaccessreviews", "LocalSubjectAccessReview", "authorization.k8s.io", "v1", true, [], C),
  r("selfsubjectaccessreviews", "SelfSubjectAccessReview", "authorization.k8s.io", "v1", false, [], C),
  r("selfsubjectrulesreviews", "SelfSubjectRulesReview", "authorization.k8s.io", "v1", false, [], C),
  r("subjectaccessreviews", "SubjectAccessReview", "authorization.k8s.io", "v1", false, [], C),
  r("horizontalpodautoscalers", "HorizontalPodAutoscaler", "autoscaling", "v2", true, ["hpa"], ALL, ["all"]),
  r("cronjobs", "CronJob", "batch", "v1", true, ["cj"], ALL, ["all"]),
  r("jobs", "Job", "batch", "v1", true, [], ALL, ["all"]),
  r("certificatesigningrequests", "CertificateSigningRequest", "certificates.k8s.io", "v1", false, ["csr"], ALL),
  r("leases", "Lease", "coordination.k8s.io", "v1", true, [], ALL),
  r("endpointslices", "EndpointSlice", "discovery.k8s.io", "v1", true, [], ALL),
  r("events", "Event", "events.k8s.io", "v1", true, ["ev"], ALL),
  r("flowschemas", "FlowSchema", "flowcontrol.apiserver.k8s.io", "v1", false, [], ALL),
  r("prioritylevelconfigurations", "PriorityLevelConfiguration", "flowcontrol.apiserver.k8s.io", "v1", false, [], ALL),
  r("ingressclasses", "IngressClass", "networking.k8s.io", "v1", false, [], ALL),
  r("ingresses", "Ingress", "networking.k8s.io", "v1", true, ["ing"], ALL),
  r("networkpolicies", "NetworkPolicy", "networking.k8s.io", "v1", true, ["netpol"], ALL),
  r("runtimeclasses", "RuntimeClass", "node.k8s.io", "v1", false, [], ALL),
  r("poddisruptionbudgets", "PodDisruptionBudget", "policy", "v1", true, ["pdb"], ALL),
  r("clusterrolebindings", "ClusterRoleBinding", "rbac.authorization.k8s.io", "v1", false, [], ALL),
  r("clusterroles", "ClusterRole", "rbac.authorization.k8s.io", "v1", false, [], ALL),
  r("rolebindings", "RoleBinding", "rbac.authorization.k8s.io", "v1", true, [], ALL),
  r("roles", "Role", "rbac.authorization.k8s.io", "v1", true, [], ALL),
  r("priorityclasses", "PriorityClass", "scheduling.k8s.io", "v1", false, ["pc"], ALL),
  r("csidrivers", "CSIDriver", "storage.k8s.io", "v1", false, [], ALL),
  r("csinodes", "CSINode", "storage.k8s.io", "v1", false, [], ALL),
  r("csistoragecapacities", "CSIStorageCapacity", "storage.k8s.io", "v1", true, [], ALL),
  r("storageclasses", "StorageClass", "storage.k8s.io", "v1", false, ["sc"], ALL),
  r("volumeattachments", "VolumeAttachment", "storage.k8s.io", "v1", false, [], ALL),
].map((info) => {
  // autoscaling/v1 is still served beside v2 for HorizontalPodAutoscaler.
  if (info.kind === 'HorizontalPodAutoscaler') return { ...info, servedVersions: ['v2', 'v1'] };
  return info;
});

/** groupVersion renders "v1" for the core group and "apps/v1" otherwise. */
export function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** parseApiVersion splits "apps/v1" into group and version ("v1" → core). */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf('/');
  return i < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/** qualifiedResource is the server's name for a resource in messages: "pods", "deployments.apps". */
export function qualifiedResource(info: Pick<ResourceInfo, 'resource' | 'group'>): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/** kindPrefix is kubectl's name-printer prefix: "pod", "deployment.apps". */
export function kindPrefix(info: Pick<ResourceInfo, 'kind' | 'group'>): string {
  const k = info.kind.toLowerCase();
  return info.group ? `${k}.${info.group}` : k;
}

/** NoKindMatchError is kubectl's REST-mapping failure for an apiVersion/kind pair. */
export class NoKindMatchError extends Error {
  override readonly name = 'NoKindMatchError';
  constructor(readonly kind: string, readonly apiVersion: string) {
    super(`no matches for kind "${kind}" in version "${apiVersion}"`);
  }
}

/** UnknownResourceTypeError is `kubectl get nosuchtype`'s failure. */
export class UnknownResourceTypeError extends Error {
  override readonly name = 'UnknownResourceTypeError';
  constructor(readonly arg: string) {
    super(`the server doesn't have a resource type "${arg}"`);
  }
}

/**
 * parseTypeArg splits "hpa.v1.autoscaling" into the resource word, version and group (absent
 * parts undefined). kubectl's mapper lowercases only the resource word before it matches a
 * plural, singular or kind (`get PODS` works); a short name is expanded as typed (`get PO`
 * does not), and a group or version must match as typed.
 */
function parseTypeArg(arg: string): { name: string; typed: string; group?: string; version?: string } {
  const dot = arg.indexOf('.');
  const typed = dot < 0 ? arg : arg.slice(0, dot);
  const name = typed.toLowerCase();
  if (dot < 0) return { name, typed };
  const rest = arg.slice(dot + 1);
  const m = /^(v\d+(?:(?:alpha|beta)\d+)?)\.(.*)$/.exec(rest);
  return m ? { name, typed, version: m[1], group: m[2] } : { name, typed, group: rest };
}

/** typeArgWord is a type argument's resource word as typed ("Deploy.apps" → "Deploy"). */
export function typeArgWord(arg: string): string {
  return parseTypeArg(arg).typed;
}

/** typeArgVersion is the version a type argument names ("hpa.v1.autoscaling" → "v1"), or undefined. */
export function typeArgVersion(arg: string): string | undefined {
  return parseTypeArg(arg).version;
}

/** Registry resolves kinds and type arguments against the built-in table plus any custom resources. */
export class Registry {
  private readonly byKindKey = new Map<string, ResourceInfo>();
  private readonly byStorageKind = new Map<string, ResourceInfo>();

  constructor(readonly resources: readonly ResourceInfo[]) {
    for (const info of resources) {
      this.byKindKey.set(`${info.group}/${info.kind}`, info);
      // The first resource for a storage kind is the canonical one (core Event over events.k8s.io).
      if (!this.byStorageKind.has(info.storageKind)) this.byStorageKind.set(info.storageKind, info);
    }
  }

  /** withCustom returns a registry that also serves the given custom resources. */
  withCustom(custom: readonly ResourceInfo[]): Registry {
    return custom.length ? new Registry([...this.resources, ...custom]) : this;
  }

  /** forKind finds a resource by apiVersion and kind, as kubectl's REST mapper does; throws NoKindMatchError. */
  forKind(apiVersion: string, kind: string): ResourceInfo {
    const { group, version } = parseApiVersion(apiVersion);
    const info = this.byKindKey.get(`${group}/${kind}`);
    if (!info || !info.servedVersions.includes(version)) throw new NoKindMatchError(kind, apiVersion);
    return info;
  }

  /** forStorageKind finds the canonical resource of a stored object's kind. */
  forStorageKind(kind: string): ResourceInfo | undefined {
    return this.byStorageKind.get(kind);
  }

  /**
   * resolve turns a type argument into a resource: plural, singular or kind in any case, or short name,
   * optionally qualified by group ("deploy.apps") or version and group ("deployments.v1.apps", "pods.v1.")
   * (parseTypeArg says which parts are matched as typed).
   * Throws UnknownResourceTypeError.
   */
  resolve(arg: string): ResourceInfo {
    const { name, typed, group, version } = parseTypeArg(arg);
    const matches = (info: ResourceInfo) =>
      (group === undefined || info.group === group) && (version === undefined || info.servedVersions.includes(version));
    // Discovery order decides ties (core "events" before events.k8s.io), as kubectl's shortcut expander does.
    for (const key of ['resource', 'singular', 'short', 'kind'] as const) {
      for (const info of this.resources) {
        if (!matches(info)) continue;
        const hit = key === 'resource' ? info.resource === name
          : key === 'singular' ? info.singular === name
          : key === 'short' ? info.shortNames.includes(typed)
          : info.kind.toLowerCase() === name;
        if (hit) return info;
      }
    }
    // kubectl's builder names the resource word alone ("foo.bar" → "foo").
    throw new UnknownResourceTypeError(typed);
  }

  /**
   * alsoMatchedBy lists the resources of lower priority that a short name could also mean, after
   * the one resolve picks: kubectl's shortcut expander warns of each (`short name "ev" could
   * also match lower priority resource events.events.k8s.io`). None when the word is some
   * resource's plural or singular (then no short name is expanded).
   */
  alsoMatchedBy(arg: string): ResourceInfo[] {
    const { typed, group } = parseTypeArg(arg);
    const inGroup = (info: ResourceInfo) => group === undefined || info.group === group;
    if (this.resources.some((info) => inGroup(info) && (info.resource === typed || info.singular === typed))) return [];
    return this.resources.filter((info) => inGroup(info) && info.shortNames.includes(typed)).slice(1);
  }

  /** category lists the resources in a category ("all"), in discovery order. */
  category(name: string): ResourceInfo[] {
    return this.resources.filter((info) => info.categories.includes(name));
  }
}

/** discoveryOrder sorts resources as discovery lists them: the core group first, then groups by name, each by resource. */
export function discoveryOrder(a: ResourceInfo, b: ResourceInfo): number {
  if (a.group === b.group) return a.resource.localeCompare(b.resource);
  return a.group === '' ? -1 : b.group === '' ? 1 : a.group.localeCompare(b.group);
}

/** builtinRegistry serves the built-in resources only. */
export const builtinRegistry = new Registry(BUILTIN_RESOURCES);
