/**
 * audit-policy: an audit.k8s.io/v1 Policy and the level it gives a request, as
 * k8s.io/apiserver/pkg/audit/policy's checker decides it: the first rule that matches the
 * request's user, groups, verb, resource and namespace sets the level and omitted stages; no
 * match is level None.
 */

/** Level is how much of a request is logged. */
export type Level = 'None' | 'Metadata' | 'Request' | 'RequestResponse';
const LEVELS: readonly Level[] = ['None', 'Metadata', 'Request', 'RequestResponse'];

/** Stage is where in its handling an event is logged. */
export type Stage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';
const STAGES: readonly Stage[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];

interface GroupResources { group?: string; resources?: string[]; resourceNames?: string[] }

/** PolicyRule is one rule of a Policy. */
export interface PolicyRule {
  level: Level;
  users?: string[];
  userGroups?: string[];
  verbs?: string[];
  resources?: GroupResources[];
  namespaces?: string[];
  nonResourceURLs?: string[];
  omitStages?: Stage[];
  omitManagedFields?: boolean;
}

/** Policy is the checked policy. */
export interface Policy { rules: PolicyRule[]; omitStages: Stage[]; omitManagedFields: boolean }

/** AuditRequest is what a rule is matched against. */
export interface AuditRequest {
  user: { name: string; groups: readonly string[] };
  verb: string;
  /** resource requests: */
  group?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  /** a non-resource request's path */
  path?: string;
}

/** Decision is the level a request gets, the stages not logged and whether managedFields are dropped. */
export interface Decision { level: Level; omitStages: ReadonlySet<Stage>; omitManagedFields: boolean }

/** AuditPolicyError: the file is not a usable Policy (kube-apiserver would not start). */
export class AuditPolicyError extends Error {
  override readonly name = 'AuditPolicyError';
}

function stages(list: unknown, at: string): Stage[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new AuditPolicyError(`${at}: Invalid value: must be a list`);
  for (const s of list) if (!STAGES.includes(s)) throw new AuditPolicyError(`${at}: Unsupported value: "${String(s)}": supported values: "${STAGES.join('", "')}"`);
  return list as Stage[];
}

/** parsePolicy checks a decoded Policy document. */
export function parsePolicy(doc: Record<string, unknown>): Policy {
  if (doc.kind !== 'Policy' || doc.apiVersion !== 'audit.k8s.io/v1') {
    throw new AuditPolicyError(`no kind "${String(doc.kind)}" is registered for version "${String(doc.apiVersion)}": want audit.k8s.io/v1, Kind=Policy`);
  }
  const rules = doc.rules;
  if (!Array.isArray(rules)) throw new AuditPolicyError('rules: Required value');
  return {
    omitStages: stages(doc.omitStages, 'omitStages'),
    omitManagedFields: doc.omitManagedFields === true,
    rules: rules.map((r: Record<string, unknown>, i) => {
      if (!LEVELS.includes(r?.level as Level)) throw new AuditPolicyError(`rules[${i}].level: Unsupported value: "${String(r?.level ?? '')}": supported values: "${LEVELS.join('", "')}"`);
      if (r.nonResourceURLs && (r.resources || r.namespaces)) throw new AuditPolicyError(`rules[${i}].nonResourceURLs: Invalid value: rules cannot apply to both regular resources and non-resource URLs`);
      return { ...(r as unknown as PolicyRule), omitStages: stages(r.omitStages, `rules[${i}].omitStages`) };
    }),
  };
}

/** matchesResource is one GroupResources entry against a request: pods, pods/log, a wildcard resource or subresource. */
function matchesResource(g: GroupResources, req: AuditRequest): boolean {
  if ((g.group ?? '') !== (req.group ?? '') && g.group !== '*') return false;
  if (g.resourceNames?.length && !(req.name && g.resourceNames.includes(req.name))) return false;
  if (!g.resources?.length) return true;
  const full = req.subresource ? `${req.resource}/${req.subresource}` : req.resource!;
  return g.resources.some((r) => r === full || r === '*' || (req.subresource && (r === `*/${req.subresource}` || r === `${req.resource}/*`)));
}

function ruleMatches(rule: PolicyRule, req: AuditRequest): boolean {
  if (rule.users?.length && !rule.users.includes(req.user.name)) return false;
  if (rule.userGroups?.length && !rule.userGroups.some((g) => req.user.groups.includes(g))) return false;
  if (rule.verbs?.length && !rule.verbs.includes(req.verb)) return false;
  if (req.resource === undefined) {
    if (rule.resources?.length || rule.namespaces?.length) return false;
    if (!rule.nonResourceURLs?.length) return true;
    return rule.nonResourceURLs.some((u) => u === req.path || (u.endsWith('*') && (req.path ?? '').startsWith(u.slice(0, -1))));
  }
  if (rule.nonResourceURLs?.length) return false;
  if (rule.namespaces?.length && !rule.namespaces.includes(req.namespace ?? '')) return false;
  if (rule.resources?.length && !rule.resources.some((g) => matchesResource(g, req))) return false;
  return true;
}

/** decide is the policy's decision for a request. */
export function decide(policy: Policy, req: AuditRequest): Decision {
  const rule = policy.rules.find((r) => ruleMatches(r, req));
  if (!rule) return { level: 'None', omitStages: new Set(), omitManagedFields: false };
  return {
    level: rule.level,
    omitStages: new Set([...policy.omitStages, ...(rule.omitStages ?? [])]),
    omitManagedFields: rule.omitManagedFields ?? policy.omitManagedFields,
  };
}
