/**
 * auth-reconcile: kubectl auth reconcile -f — make the live RBAC objects grant at least what the
 * manifests' Roles, ClusterRoles, RoleBindings and ClusterRoleBindings grant. Rules and subjects
 * are added, never removed unless --remove-extra-permissions / --remove-extra-subjects say so;
 * a binding whose roleRef differs is deleted and re-created; an object annotated
 * rbac.authorization.kubernetes.io/autoupdate: "false" is reported, not written. Each object
 * prints `KIND/NAME reconciled` and, on stderr, what it needed.
 * Mirrors kubernetes/kubectl pkg/cmd/auth/reconcile.go and
 * kubernetes pkg/registry/rbac/reconciliation (reconcile_role.go, reconcile_rolebindings.go).
 */
import type { KubeObject } from '../../api/meta';
import type { ClusterRole, ClusterRoleBinding } from '../../api/types/kinds';
import { kindPrefix } from '../../api/registry';
import { uncoveredRules, type PolicyRule } from '../../apiserver/authorization';
import { isNotFound } from '../../apiserver/errors';
import { defineCommand } from '../command';
import { CliError, finishWithErrors } from '../errors';
import { defineFlags } from '../flag-table';
import { readKustomizeArg } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { printTypedObject } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { KUSTOMIZE_FLAG } from './targets';
import { toTypedObject } from './typed-object';
import { parseValidate, prepareDoc } from '../object-writer';
import { parseDryRun } from './apply';

const AUTOUPDATE = 'rbac.authorization.kubernetes.io/autoupdate';
const RBAC_V1 = 'rbac.authorization.k8s.io/v1';

/** Operation is reconciliation's ReconcileOperation. */
export type Operation = 'none' | 'create' | 'update' | 'recreate';

interface Subject { kind: string; apiGroup?: string; name: string; namespace?: string }

/** Reconciled is what reconciling one object decided. */
/** RbacRole is a Role or ClusterRole as reconciled here (only a ClusterRole has aggregationRule). */
type RbacRole = KubeObject & Partial<Pick<ClusterRole, 'rules' | 'aggregationRule'>>;
/** RbacBinding is a RoleBinding or ClusterRoleBinding as reconciled here. */
type RbacBinding = KubeObject & Partial<Pick<ClusterRoleBinding, 'subjects' | 'roleRef'>>;

export interface Reconciled<T extends KubeObject = KubeObject> {
  object: T;
  operation: Operation;
  protected: boolean;
  missingRules: PolicyRule[];
  extraRules: PolicyRule[];
  missingSubjects: Subject[];
  extraSubjects: Subject[];
}

/** merge is reconciliation's merge: later maps win; nil when every map is nil. */
function merge(...maps: (Record<string, string> | undefined)[]): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const m of maps) {
    if (m && !out) out = {};
    if (m) Object.assign(out!, m);
  }
  return out;
}

const sameMap = (a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort()) && (!a) === (!b);

/** mergeMetadata keeps the existing labels and annotations and adds the expected ones; true when that changed them. */
function mergeMetadata(result: KubeObject, existing: KubeObject, expected: KubeObject): boolean {
  let changed = false;
  for (const key of ['annotations', 'labels'] as const) {
    const merged = merge(expected.metadata[key], existing.metadata[key]);
    if (merged) result.metadata[key] = merged; else delete result.metadata[key];
    if (!sameMap(merged, existing.metadata[key])) changed = true;
  }
  return changed;
}

const isProtected = (o: KubeObject): boolean => o.metadata.annotations?.[AUTOUPDATE] === 'false';

function emptyResult<T extends KubeObject>(object: T, operation: Operation): Reconciled<T> {
  return { object, operation, protected: false, missingRules: [], extraRules: [], missingSubjects: [], extraSubjects: [] };
}

/** reconcileRole is computeReconciledRole (existing undefined: the role is created). */
export function reconcileRole(existing: RbacRole | undefined, expected: RbacRole, removeExtraPermissions: boolean): Reconciled<RbacRole> {
  if (!existing) return { ...emptyResult(expected, 'create'), missingRules: [...(expected.rules ?? [])] };
  const result = emptyResult(structuredClone(existing), 'none');
  result.protected = isProtected(existing);
  if (mergeMetadata(result.object, existing, expected)) result.operation = 'update';
  const want: PolicyRule[] = expected.rules ?? [];
  const have: PolicyRule[] = existing.rules ?? [];
  // Extra rules are not computed when both roles are aggregated.
  if (!expected.aggregationRule || !existing.aggregationRule) result.extraRules = uncoveredRules(want, have);
  result.missingRules = uncoveredRules(have, want);
  if (!removeExtraPermissions && result.missingRules.length) {
    result.object.rules = [...have, ...result.missingRules];
    result.operation = 'update';
  } else if (removeExtraPermissions && (result.missingRules.length || result.extraRules.length)) {
    result.object.rules = structuredClone(want);
    result.operation = 'update';
  }
  const wantSelectors: object[] = expected.aggregationRule?.clusterRoleSelectors ?? [];
  if (expected.aggregationRule) {
    const haveSelectors: object[] = existing.aggregationRule?.clusterRoleSelectors ?? [];
    const missing = wantSelectors.filter((s) => !haveSelectors.some((h) => JSON.stringify(h) === JSON.stringify(s)));
    if (!existing.aggregationRule || missing.length) {
      result.object.aggregationRule = { clusterRoleSelectors: [...haveSelectors, ...missing] };
      result.operation = 'update';
    }
  }
  return result;
}

const sameSubject = (a: Subject, b: Subject): boolean =>
  a.kind === b.kind && (a.apiGroup ?? '') === (b.apiGroup ?? '') && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

/** reconcileBinding is computeReconciledRoleBinding (existing undefined: the binding is created). */
export function reconcileBinding(existing: RbacBinding | undefined, expected: RbacBinding, removeExtraSubjects: boolean): Reconciled<RbacBinding> {
  const want: Subject[] = expected.subjects ?? [];
  if (!existing) return { ...emptyResult(expected, 'create'), missingSubjects: [...want] };
  const result = emptyResult(structuredClone(existing), 'none');
  result.protected = isProtected(existing);
  const ref = (o: RbacBinding) => JSON.stringify([o.roleRef?.apiGroup ?? '', o.roleRef?.kind ?? '', o.roleRef?.name ?? '']);
  if (ref(expected) !== ref(existing)) return { ...result, object: expected, operation: 'recreate' };
  if (mergeMetadata(result.object, existing, expected)) result.operation = 'update';
  const have: Subject[] = existing.subjects ?? [];
  result.missingSubjects = want.filter((s) => !have.some((h) => sameSubject(h, s)));
  result.extraSubjects = have.filter((s) => !want.some((w) => sameSubject(w, s)));
  if (!removeExtraSubjects && result.missingSubjects.length) {
    result.object.subjects = [...have, ...result.missingSubjects];
    result.operation = 'update';
  } else if (removeExtraSubjects && (result.missingSubjects.length || result.extraSubjects.length)) {
    result.object.subjects = structuredClone(want);
    result.operation = 'update';
  }
  return result;
}

/** goList prints a []string as Go's %v does ("" elements print as nothing). */
const goList = (xs: readonly string[] | undefined): string => `[${(xs ?? []).join(' ')}]`;

/** formatRule is a PolicyRule as Go's %+v prints it. */
export function formatRule(r: PolicyRule): string {
  return `{Verbs:${goList(r.verbs)} APIGroups:${goList(r.apiGroups)} Resources:${goList(r.resources)} ResourceNames:${goList(r.resourceNames)} NonResourceURLs:${goList(r.nonResourceURLs)}}`;
}

/** formatSubject is a Subject as Go's %+v prints it. */
export function formatSubject(s: Subject): string {
  return `{Kind:${s.kind} APIGroup:${s.apiGroup ?? ''} Name:${s.name} Namespace:${s.namespace ?? ''}}`;
}

/** reportLines are printResults' stderr lines for one object. */
export function reportLines(r: Reconciled, removeExtraPermissions: boolean, removeExtraSubjects: boolean): string {
  if (r.operation === 'none') return '';
  const caveat = r.protected ? ', but object opted out (rbac.authorization.kubernetes.io/autoupdate: false)' : '';
  let out = `\treconciliation required ${r.operation}${caveat}\n`;
  const section = (title: string, items: string[]) => { if (items.length) out += `\t${title}:\n${items.map((i) => `\t\t${i}\n`).join('')}`; };
  section('missing subjects added', r.missingSubjects.map(formatSubject));
  if (removeExtraSubjects) section('extra subjects removed', r.extraSubjects.map(formatSubject));
  section('missing rules added', r.missingRules.map(formatRule));
  if (removeExtraPermissions) section('extra rules removed', r.extraRules.map(formatRule));
  return out;
}

const RBAC_KINDS = new Set(['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']);

/** reconcileCommand is `kubectl auth reconcile`. */
export const reconcileCommand = defineCommand({
  name: 'reconcile',
  short: 'Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects',
  usage: 'kubectl auth reconcile -f FILENAME',
  flags: defineFlags([
    { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'Filename, directory, or URL to files identifying the resource to reconcile.' },
    { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively.' },
    { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
    { name: 'remove-extra-permissions', type: 'bool', default: false, help: 'If true, removes extra permissions added to roles' },
    { name: 'remove-extra-subjects', type: 'bool', default: false, help: 'If true, removes extra subjects added to rolebindings' },
    KUSTOMIZE_FLAG,
    ...PRINT_FLAGS,
  ]),
  run(ctx) {
    const files = ctx.flags.filename;
    const out = outputOf(ctx.flags, ctx.set);
    if (!files.length && !ctx.flags.kustomize) throw new CliError('must specify one of -f and -k');
    const dryRunMode = parseDryRun(ctx.flags['dry-run']);
    if (dryRunMode === 'server') throw new CliError('--dry-run=server for command reconcile is not supported yet');
    const dryRun = dryRunMode === 'client';
    const removeRules = !!ctx.flags['remove-extra-permissions'];
    const removeSubjects = !!ctx.flags['remove-extra-subjects'];
    const { docs, errors: parseErrors } = ctx.flags.kustomize
      ? readKustomizeArg(ctx, ctx.flags.kustomize, files, !!ctx.flags.recursive)
      : readFilenameArgs(ctx, files, !!ctx.flags.recursive, false);
    if (parseErrors.length) return finishWithErrors(ctx.io, parseErrors.map((e) => `error: ${e.message}`));
    const cluster = ctx.cluster();
    const registry = cluster.api.registry();
    for (const doc of docs) {
      const { info, object } = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, parseValidate('strict'));
      // Other kinds are skipped; only rbac.authorization.k8s.io/v1 is reconciled.
      if (info.group !== 'rbac.authorization.k8s.io' || !RBAC_KINDS.has(info.kind)) continue;
      if (object.apiVersion !== RBAC_V1) throw new CliError(`only rbac.authorization.k8s.io/v1 is supported: not *${object.apiVersion.replace(/^rbac\.authorization\.k8s\.io\//, '')}.${info.kind}`);
      const ref = { kind: info.storageKind, namespace: info.namespaced ? object.metadata.namespace : undefined, name: object.metadata.name ?? '' };
      const binding = info.kind.endsWith('Binding');
      const result = cluster.write(() => {
        let existing: KubeObject | undefined;
        try { existing = cluster.api.get(ref); } catch (e) { if (!isNotFound(e)) throw e; }
        const r = binding ? reconcileBinding(existing, object, removeSubjects) : reconcileRole(existing, object, removeRules);
        if (r.protected || dryRun) return r;
        const opts = { fieldManager: 'kubectl' };
        const fresh = (o: KubeObject) => { const c = structuredClone(o); delete c.metadata.resourceVersion; delete c.metadata.uid; return c; };
        if (r.operation === 'create') {
          // A Role's namespace is created when missing, as RoleModifier's tryEnsureNamespace does.
          if (ref.namespace && !cluster.api.tryGet({ kind: 'Namespace', name: ref.namespace })) {
            cluster.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ref.namespace } }, opts);
          }
          r.object = cluster.api.create(fresh(r.object), opts);
        } else if (r.operation === 'update') {
          r.object = cluster.api.update(r.object, opts);
        } else if (r.operation === 'recreate') {
          cluster.api.delete(ref, { ...opts, preconditionResourceVersion: existing!.metadata.resourceVersion });
          r.object = cluster.api.create(fresh(r.object), opts);
        }
        return r;
      });
      // kubectl prints the reconciled role or binding, typed.
      ctx.io.out(out ? printTypedObject(toTypedObject(result.object), out, registry, ctx.flags['show-managed-fields']) : `${kindPrefix(info)}/${ref.name} reconciled${dryRun ? ' (dry run)' : ''}\n`);
      ctx.io.err(reportLines(result, removeRules, removeSubjects));
    }
    return 0;
  },
});
