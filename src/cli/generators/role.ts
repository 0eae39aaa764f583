/**
 * role: `kubectl create role` and `kubectl create clusterrole` (kubectl pkg/cmd/create/create_role.go,
 * create_clusterrole.go). `--resource` words are resolved through discovery (here the built-in
 * registry): short and singular names become plurals with their API group, and one PolicyRule
 * is emitted per API group, groups in sorted order.
 */
import type { KubeObject } from '../../api/meta';
import type { AggregationRule } from '../../api/types/rbac-v1';

/** GeneratedRole is a Role or ClusterRole built here: rules as policyRules builds them, null for an aggregated ClusterRole (as kubectl sends). */
type GeneratedRole = KubeObject & { rules?: Record<string, unknown>[] | null; aggregationRule?: AggregationRule };
import { builtinRegistry, type Registry } from '../../api/registry';
import { GeneratorError } from './generator-error';
import { StandardMessageError } from '../errors';
import { objectMeta } from './go-order';
import { sortedMap } from './go-json';
import { RBAC_GROUP } from './rolebinding';
import { shortNameWarnings } from '../resource-args';

/** VALID_RESOURCE_VERBS is kubectl's validResourceVerbs. */
export const VALID_RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy',
  'deletecollection', 'use', 'bind', 'escalate', 'impersonate'] as const;
/** VALID_NON_RESOURCE_VERBS is kubectl's validNonResourceVerbs. */
export const VALID_NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'] as const;

/** SPECIAL_VERBS lists the only group/resources kubectl lets `use`, `bind`, `escalate`, `impersonate` name. */
export const SPECIAL_VERBS: Record<string, readonly { group: string; resource: string }[]> = {
  use: [{ group: 'policy', resource: 'podsecuritypolicies' }, { group: 'extensions', resource: 'podsecuritypolicies' }],
  bind: [{ group: RBAC_GROUP, resource: 'roles' }, { group: RBAC_GROUP, resource: 'clusterroles' }],
  escalate: [{ group: RBAC_GROUP, resource: 'roles' }, { group: RBAC_GROUP, resource: 'clusterroles' }],
  impersonate: [{ group: '', resource: 'users' }, { group: '', resource: 'serviceaccounts' }, { group: '', resource: 'groups' },
    { group: 'authentication.k8s.io', resource: 'userextras' }, { group: 'authentication.k8s.io', resource: 'uids' }],
};

/** NAME_MUST_BE_SPECIFIED_ROLE is kubectl's text for an empty NAME. */
export const NAME_MUST_BE_SPECIFIED_ROLE = 'name must be specified';
/** AT_LEAST_ONE_VERB is kubectl's text without --verb. */
export const AT_LEAST_ONE_VERB = 'at least one verb must be specified';
/** AT_LEAST_ONE_RESOURCE is `create role`'s text without --resource. */
export const AT_LEAST_ONE_RESOURCE = 'at least one resource must be specified';
/** RESOURCE_MUST_BE_SPECIFIED is kubectl's text for `--resource=.apps` or `--resource=/log`. */
export const RESOURCE_MUST_BE_SPECIFIED = 'resource must be specified if apiGroup/subresource specified';
/** NOT_STANDARD_VERB is kubectl's warning (on stderr) for a verb outside VALID_RESOURCE_VERBS. */
export const NOT_STANDARD_VERB = (verb: string): string => `Warning: '${verb}' is not a standard resource verb\n`;
/** CANNOT_PERFORM is kubectl's text for a special verb on a resource it does not apply to. */
export const CANNOT_PERFORM = (verb: string, resource: string, group: string): string =>
  `can not perform '${verb}' on '${resource}' in group '${group}'`;
/** NO_RESOURCE_TYPE is kubectl's standard message for the REST mapper's NoResourceMatchError. */
export const NO_RESOURCE_TYPE = (group: string, resource: string): string =>
  (group ? `the server doesn't have a resource type "${resource}" in group "${group}"` : `the server doesn't have a resource type "${resource}"`);
/** AGGREGATION_RULE_EXCLUSIVE is `create clusterrole`'s text for --aggregation-rule with rule flags. */
export const AGGREGATION_RULE_EXCLUSIVE = 'aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames';
/** RESOURCE_OR_NON_RESOURCE_URL is `create clusterrole`'s text with neither --resource nor --non-resource-url. */
export const RESOURCE_OR_NON_RESOURCE_URL = 'one of resource or nonResourceURL must be specified';
/** RESOURCE_NAMES_WITH_URLS is kubectl's text for --resource-name with --non-resource-url. */
export const RESOURCE_NAMES_WITH_URLS = 'resource-names can not be used together with non-resource-urls';
/** INVALID_NON_RESOURCE_VERB is kubectl's text for a verb not valid on a non-resource URL. */
export const INVALID_NON_RESOURCE_VERB = (verb: string): string => `invalid verb: '${verb}' for nonResourceURL`;
/** URL_MUST_START_WITH_SLASH is kubectl's text for a non-resource URL not starting with `/`. */
export const URL_MUST_START_WITH_SLASH = 'nonResourceURL should start with /';
/** URL_WILDCARD_AT_END is kubectl's text for a `*` before the end of a non-resource URL. */
export const URL_WILDCARD_AT_END = "nonResourceURL only supports wildcard matches when '*' is at the end";
/** BAD_STRING_TO_STRING is pflag's stringToString error for --aggregation-rule. */
export const BAD_STRING_TO_STRING = (value: string, flag: string, item: string): string =>
  `invalid argument "${value}" for "--${flag}" flag: ${item} must be formatted as key=value`;

/** CreateRoleOptions mirrors `create role`'s flags. */
export interface CreateRoleOptions {
  verb?: string[];
  resource?: string[];
  resourceName?: string[];
  namespace?: string;
  /** warn receives kubectl's stderr warnings (non-standard verbs). */
  warn?: (text: string) => void;
  /** registry resolves --resource names; defaults to the built-in discovery. */
  registry?: Registry;
}

/** CreateClusterRoleOptions mirrors `create clusterrole`'s flags. */
export interface CreateClusterRoleOptions extends Omit<CreateRoleOptions, 'namespace'> {
  nonResourceUrl?: string[];
  /** aggregationRule is --aggregation-rule's key=value map. */
  aggregationRule?: Record<string, string>;
}

interface ResourceOption { group: string; resource: string; subResource: string }

const uniq = (xs: readonly string[]): string[] => xs.filter((x, i) => xs.indexOf(x) === i);

// Complete: `*` replaces every verb; duplicates go.
function completeVerbs(verbs: readonly string[]): string[] {
  return verbs.includes('*') ? ['*'] : uniq(verbs);
}

// Complete: `resource.group/subresource`; a bare `*` stands for every resource.
function completeResources(resources: readonly string[]): ResourceOption[] {
  const out: ResourceOption[] = [];
  for (const r of resources) {
    const slash = r.indexOf('/');
    const head = slash < 0 ? r : r.slice(0, slash);
    const subResource = slash < 0 ? '' : r.slice(slash + 1);
    const dot = head.indexOf('.');
    const res: ResourceOption = { resource: dot < 0 ? head : head.slice(0, dot), group: dot < 0 ? '' : head.slice(dot + 1), subResource };
    if (res.resource === '*' && dot < 0 && slash < 0) return [res];
    out.push(res);
  }
  return out;
}

// Mapper.ResourceFor: the plural and group discovery knows the word by, or an error; an ambiguous short name warns each time.
function resourceFor(registry: Registry, r: ResourceOption, warn?: (text: string) => void): { group: string; resource: string; error?: string } {
  try {
    const word = r.group ? `${r.resource}.${r.group}` : r.resource;
    const info = registry.resolve(word);
    const ambiguous = shortNameWarnings(registry, word);
    if (ambiguous) warn?.(ambiguous);
    return { group: info.group, resource: info.resource };
  } catch {
    return { group: r.group, resource: r.resource, error: NO_RESOURCE_TYPE(r.group, r.resource) };
  }
}

function validateResources(registry: Registry, verbs: readonly string[], resources: readonly ResourceOption[], warn?: (text: string) => void): void {
  for (const r of resources) {
    if (r.resource === '') throw new GeneratorError(RESOURCE_MUST_BE_SPECIFIED);
    if (r.resource === '*') return;
    const found = resourceFor(registry, r, warn);
    let error = found.error;
    for (const v of verbs) {
      const allowed = SPECIAL_VERBS[v];
      if (!allowed) continue;
      if (!allowed.some((x) => x.resource === found.resource && x.group === found.group)) {
        throw new GeneratorError(CANNOT_PERFORM(v, found.resource, found.group));
      }
      error = undefined;
    }
    if (error) throw new StandardMessageError(error);
  }
}

function warnVerbs(verbs: readonly string[], warn?: (text: string) => void): void {
  for (const v of verbs) if (!(VALID_RESOURCE_VERBS as readonly string[]).includes(v)) warn?.(NOT_STANDARD_VERB(v));
}

// generateResourcePolicyRules: one rule per API group (sorted), then one for non-resource URLs.
function policyRules(registry: Registry, verbs: string[], resources: readonly ResourceOption[], resourceNames: string[], urls: string[], warn?: (text: string) => void): Record<string, unknown>[] {
  const byGroup: Record<string, string[]> = {};
  for (const r of resources) {
    const found = resourceFor(registry, r, warn);
    const name = r.subResource ? `${found.resource}/${r.subResource}` : found.resource;
    const list = (byGroup[found.group] ??= []);
    if (!list.includes(name)) list.push(name);
  }
  const rules: Record<string, unknown>[] = [];
  for (const [group, res] of Object.entries(sortedMap(byGroup))) {
    const rule: Record<string, unknown> = { verbs, apiGroups: [group], resources: res };
    if (resourceNames.length > 0) rule.resourceNames = resourceNames;
    rules.push(rule);
  }
  if (urls.length > 0) rules.push({ verbs, nonResourceURLs: urls });
  return rules;
}

/** createRole builds the Role kubectl sends, warning through o.warn about non-standard verbs. */
export function createRole(name: string, o: CreateRoleOptions = {}): GeneratedRole {
  const registry = o.registry ?? builtinRegistry;
  const verbs = completeVerbs(o.verb ?? []);
  const resources = completeResources(o.resource ?? []);
  const resourceNames = uniq(o.resourceName ?? []);
  if (name === '') throw new GeneratorError(NAME_MUST_BE_SPECIFIED_ROLE);
  if (verbs.length === 0) throw new GeneratorError(AT_LEAST_ONE_VERB);
  warnVerbs(verbs, o.warn);
  if (resources.length === 0) throw new GeneratorError(AT_LEAST_ONE_RESOURCE);
  validateResources(registry, verbs, resources, o.warn);
  return {
    kind: 'Role', apiVersion: `${RBAC_GROUP}/v1`, metadata: objectMeta({ name, namespace: o.namespace }),
    rules: policyRules(registry, verbs, resources, resourceNames, [], o.warn),
  };
}

/** parseStringToString parses a pflag stringToString value (`k1=v1,k2=v2`) as --aggregation-rule does. */
export function parseStringToString(value: string, flag = 'aggregation-rule'): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === '') return out;
  for (const item of value.split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) throw new GeneratorError(BAD_STRING_TO_STRING(value, flag, item));
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}

/** createClusterRole builds the ClusterRole kubectl sends (rules, or an aggregationRule with `rules: null`). */
export function createClusterRole(name: string, o: CreateClusterRoleOptions = {}): GeneratedRole {
  const registry = o.registry ?? builtinRegistry;
  const verbs = completeVerbs(o.verb ?? []);
  const resources = completeResources(o.resource ?? []);
  const resourceNames = uniq(o.resourceName ?? []);
  const urls = uniq(o.nonResourceUrl ?? []);
  const aggregation = o.aggregationRule ?? {};
  if (name === '') throw new GeneratorError(NAME_MUST_BE_SPECIFIED_ROLE);
  const cr: GeneratedRole = { kind: 'ClusterRole', apiVersion: `${RBAC_GROUP}/v1`, metadata: objectMeta({ name }) };
  if (Object.keys(aggregation).length > 0) {
    if (urls.length > 0 || verbs.length > 0 || resources.length > 0 || resourceNames.length > 0) {
      throw new GeneratorError(AGGREGATION_RULE_EXCLUSIVE);
    }
    cr.rules = null;
    cr.aggregationRule = { clusterRoleSelectors: [{ matchLabels: sortedMap(aggregation) }] };
    return cr;
  }
  if (verbs.length === 0) throw new GeneratorError(AT_LEAST_ONE_VERB);
  if (resources.length === 0 && urls.length === 0) throw new GeneratorError(RESOURCE_OR_NON_RESOURCE_URL);
  if (resources.length > 0) {
    warnVerbs(verbs, o.warn);
    validateResources(registry, verbs, resources, o.warn);
  }
  if (urls.length > 0) {
    if (resourceNames.length > 0) throw new GeneratorError(RESOURCE_NAMES_WITH_URLS);
    for (const v of verbs) if (!(VALID_NON_RESOURCE_VERBS as readonly string[]).includes(v)) throw new GeneratorError(INVALID_NON_RESOURCE_VERB(v));
    for (const u of urls) {
      if (u === '*') continue;
      if (u === '' || !u.startsWith('/')) throw new GeneratorError(URL_MUST_START_WITH_SLASH);
      if (u.slice(0, -1).includes('*')) throw new GeneratorError(URL_WILDCARD_AT_END);
    }
  }
  cr.rules = policyRules(registry, verbs, resources, resourceNames, urls, o.warn);
  return cr;
}
