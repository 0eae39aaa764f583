/**
 * pod-security-admission: the PodSecurity admission plugin (pod-security-admission/admission,
 * v1.32). Pods are checked against their namespace's enforce level (a violation is 403
 * Forbidden) and warn level (a warning for the client); workload resources are checked
 * against their pod template for warn only — their pods are enforced when a controller
 * creates them, so a Deployment in a restricted namespace is admitted and its ReplicaSet
 * records FailedCreate. Raising a namespace's enforce level warns about its existing pods.
 * The audit level, and the enforced policy, are told to the audit log as the request's
 * annotations (pod-security.kubernetes.io/audit-violations, /enforce-policy).
 */
import type { KubeObject } from '../../../api/meta';
import type { PodSpec } from '../../../api/types/core-v1';
import type { ObjectMeta } from '../../../api/types/meta-v1';
import { forbidden, invalid } from '../../errors';
import { invalidValue } from '../../field-errors';
import { evaluatePod, forbiddenDetail, forbiddenReasons } from './evaluate-pod';
import type { PodSecurityConfiguration } from './pod-security-configuration';
import { isUnrestricted, levelRank, levelVersionString, policyOf, type LabelError, type LevelVersion, type PodSecurityPolicy } from './policy-labels';

/** Warn receives a warning text for the client (kubectl prints it after "Warning: "). */
export type Warn = (text: string) => void;

/** Annotate adds an annotation to the request's audit event. */
export type Annotate = (key: string, value: string) => void;

/** The audit annotations' keys (api.AuditAnnotationPrefix + upstream's keys). */
export const ENFORCE_POLICY_ANNOTATION = 'pod-security.kubernetes.io/enforce-policy';
export const AUDIT_VIOLATIONS_ANNOTATION = 'pod-security.kubernetes.io/audit-violations';
export const EXEMPT_ANNOTATION = 'pod-security.kubernetes.io/exempt';

/** PodSecurityOptions: the audit annotations' sink, the admission configuration and the requesting user (for its exemptions). */
export interface PodSecurityOptions { annotate?: Annotate; config?: PodSecurityConfiguration; user?: string }

const isExemptRuntimeClass = (name: string | undefined, config: PodSecurityConfiguration | undefined): boolean =>
  !!name && !!config?.exemptions.runtimeClasses.includes(name);

/** podTemplateOf is the pod a workload object stamps out, or undefined for other kinds (upstream's PodSpecExtractor). */
export function podTemplateOf(obj: KubeObject): { metadata?: ObjectMeta; spec?: PodSpec } | undefined {
  switch (obj.kind) {
    case 'Deployment': case 'ReplicaSet': case 'StatefulSet': case 'DaemonSet': case 'Job': case 'ReplicationController':
      return obj.spec?.template;
    case 'CronJob':
      return obj.spec?.jobTemplate?.spec?.template;
    case 'PodTemplate':
      return (obj as KubeObject & { template?: { metadata?: ObjectMeta; spec?: PodSpec } }).template;
    default:
      return undefined;
  }
}

/** checksPodSecurity says whether the plugin looks at obj's kind at all. */
export const checksPodSecurity = (obj: KubeObject): boolean =>
  obj.kind === 'Pod' || obj.kind === 'Namespace' || podTemplateOf(obj) !== undefined;

/**
 * admitPodSecurity checks a create (old undefined) or update of obj; nsLabels reads its
 * namespace's labels. Throws 403 Forbidden for an enforced violation; warns otherwise.
 */
export function admitPodSecurity(
  obj: KubeObject, old: KubeObject | undefined,
  nsLabels: (ns: string) => Record<string, string> | undefined,
  listPods: (ns: string) => KubeObject[],
  warn: Warn | undefined,
  opts: PodSecurityOptions = {},
): void {
  const { annotate, config } = opts;
  if (obj.kind === 'Namespace') {
    refuseBadLabels(obj, old);
    if (old && !config?.exemptions.namespaces.includes(obj.metadata.name ?? '')) warnAboutExistingPods(obj, old, listPods, warn, config);
    return;
  }
  const ns = obj.metadata.namespace;
  if (!ns) return;
  // Exempt namespaces and users are not checked; a pod's request says why (upstream's shared exemption responses).
  const exempt = config?.exemptions.namespaces.includes(ns) ? 'namespace' : opts.user && config?.exemptions.usernames.includes(opts.user) ? 'user' : undefined;
  if (exempt) { if (obj.kind === 'Pod') annotate?.(EXEMPT_ANNOTATION, exempt); return; }
  const { policy } = policyOf(nsLabels(ns), config?.defaults);
  const runtimeClass = (obj.kind === 'Pod' ? obj.spec : podTemplateOf(obj)?.spec)?.runtimeClassName;
  if (obj.kind === 'Pod') {
    // A namespace that checks nothing answers every pod with the privileged policy (sharedAllowedPrivilegedResponse).
    if (isUnrestricted(policy)) { annotate?.(ENFORCE_POLICY_ANNOTATION, 'privileged:latest'); return; }
    if (old && !isSignificantPodUpdate(obj, old)) return;
    if (isExemptRuntimeClass(runtimeClass, config)) { annotate?.(EXEMPT_ANNOTATION, 'runtimeClass'); return; }
    annotate?.(ENFORCE_POLICY_ANNOTATION, levelVersionString(policy.enforce));
    const spec = obj.spec ?? { containers: [] };
    const denial = evaluatePod(policy.enforce.level, obj.metadata, spec, policy.enforce.version);
    auditFor(policy, obj.metadata, spec, annotate, policy.enforce, denial);
    if (denial.length) {
      throw forbidden('', 'pods', obj.metadata.name ?? '', `violates PodSecurity "${levelVersionString(policy.enforce)}": ${forbiddenDetail(denial)}`);
    }
    warnFor(policy, obj.metadata, obj.spec, warn);
    return;
  }
  if (policy.audit.level === 'privileged' && policy.warn.level === 'privileged') return;
  const template = podTemplateOf(obj);
  // A workload update that does not touch its template is not re-checked (upstream skips subresources; kubemu: unchanged templates).
  if (!template || (old && JSON.stringify(podTemplateOf(old)) === JSON.stringify(template))) return;
  if (isExemptRuntimeClass(runtimeClass, config)) return;
  auditFor(policy, template.metadata ?? {}, template.spec ?? { containers: [] }, annotate);
  warnFor(policy, template.metadata ?? {}, template.spec, warn);
}

/** auditFor annotates the request with the audit level's violations (reusing the enforce verdict when the levels are one). */
function auditFor(policy: PodSecurityPolicy, meta: ObjectMeta, spec: PodSpec, annotate: Annotate | undefined, enforced?: LevelVersion, enforcedResult?: ReturnType<typeof evaluatePod>): void {
  if (!annotate || policy.audit.level === 'privileged') return;
  const vs = enforced && sameLevelVersion(enforced, policy.audit) ? enforcedResult! : evaluatePod(policy.audit.level, meta, spec, policy.audit.version);
  if (vs.length) annotate(AUDIT_VIOLATIONS_ANNOTATION, `would violate PodSecurity "${levelVersionString(policy.audit)}": ${forbiddenDetail(vs)}`);
}

function warnFor(policy: PodSecurityPolicy, meta: ObjectMeta, spec: PodSpec | undefined, warn: Warn | undefined): void {
  if (!warn || policy.warn.level === 'privileged') return;
  const vs = evaluatePod(policy.warn.level, meta, spec ?? { containers: [] }, policy.warn.version);
  if (vs.length) warn(`would violate PodSecurity "${levelVersionString(policy.warn)}": ${forbiddenDetail(vs)}`);
}

/**
 * refuseBadLabels: a namespace may not be created with a policy label it cannot parse, nor
 * updated to one (a bad label it already had is tolerated, read as restricted/latest).
 */
function refuseBadLabels(ns: KubeObject, old: KubeObject | undefined): void {
  const { errors } = policyOf(ns.metadata.labels);
  if (!errors.length) return;
  const text = (es: LabelError[]) => JSON.stringify(es);
  if (old && text(policyOf(old.metadata.labels).errors) === text(errors)) return;
  throw invalid({ group: '', kind: 'Namespace' }, ns.metadata.name ?? '',
    errors.map((e) => invalidValue(`metadata.labels[${e.label}]`, e.value, e.detail)));
}

/** isSignificantPodUpdate: only images (and the containers' count) can change a pod's verdict. */
function isSignificantPodUpdate(pod: KubeObject, old: KubeObject): boolean {
  const images = (p: KubeObject): string => JSON.stringify([p.spec?.initContainers, p.spec?.containers, p.spec?.ephemeralContainers]
    .map((cs: { image?: string }[] | undefined) => (cs ?? []).map((c) => c.image)));
  return images(pod) !== images(old);
}

/**
 * warnAboutExistingPods: when a namespace's enforce level is raised, each existing pod that
 * the new level would refuse is named in a warning (EvaluatePodsInNamespace): one line for
 * the namespace, then one per distinct set of reasons, sorted, with the lexically first pod
 * and how many others share it.
 */
function warnAboutExistingPods(ns: KubeObject, old: KubeObject, listPods: (ns: string) => KubeObject[], warn: Warn | undefined, config: PodSecurityConfiguration | undefined): void {
  if (!warn) return;
  const next = policyOf(ns.metadata.labels, config?.defaults).policy.enforce;
  const prev = policyOf(old.metadata.labels, config?.defaults).policy.enforce;
  if (sameLevelVersion(next, prev) || next.level === 'privileged') return;
  if (next.version === prev.version && levelRank(next.level) <= levelRank(prev.level)) return;
  const byReasons = new Map<string, { first: string; count: number }>();
  const order: string[] = [];
  for (const pod of listPods(ns.metadata.name!)) {
    if (isExemptRuntimeClass(pod.spec?.runtimeClassName, config)) continue;
    const vs = evaluatePod(next.level, pod.metadata, pod.spec ?? { containers: [] }, next.version);
    if (!vs.length) continue;
    const reasons = forbiddenReasons(vs);
    const seen = byReasons.get(reasons);
    if (!seen) { byReasons.set(reasons, { first: pod.metadata.name!, count: 1 }); order.push(reasons); continue; }
    seen.count++;
    if (pod.metadata.name! < seen.first) seen.first = pod.metadata.name!;
  }
  if (!order.length) return;
  warn(`existing pods in namespace "${ns.metadata.name}" violate the new PodSecurity enforce level "${levelVersionString(next)}"`);
  const lines = order.map((reasons) => {
    const { first, count } = byReasons.get(reasons)!;
    if (count === 1) return `${first}: ${reasons}`;
    if (count === 2) return `${first} (and 1 other pod): ${reasons}`;
    return `${first} (and ${count - 1} other pods): ${reasons}`;
  });
  for (const line of lines.sort()) warn(line);
}

const sameLevelVersion = (a: LevelVersion, b: LevelVersion): boolean => a.level === b.level && a.version === b.version;
