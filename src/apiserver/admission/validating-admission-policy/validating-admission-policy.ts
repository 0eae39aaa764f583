/**
 * validating-admission-policy: the ValidatingAdmissionPolicy admission plugin
 * (apiserver/pkg/admission/plugin/policy/validating, v1.32). Each binding whose policy's
 * matchConstraints and own matchResources select the request, and whose policy's
 * matchConditions hold, evaluates the policy's validations (CEL) against `object`,
 * `oldObject`, `request`, `params`, `namespaceObject`, `variables` and `authorizer`. A failed validation is
 * acted on per the binding's validationActions: Deny refuses the request (the first denial,
 * its reason defaulting to Invalid), Warn sends the client a warning, Audit is accepted (kubemu
 * keeps no audit log). An expression that errors, or params not found, follow failurePolicy.
 */
import type { KubeObject } from '../../../api/meta';
import { ApiError, type StatusReason } from '../../errors';
import { compileCel, CelEvalError, CelSyntaxError, type CelProgram } from '../../cel/cel';
import { matches, type MatchResources, type RequestFacts } from './match-resources';
import { selectorMatches } from '../../../api/label-selector';
import { Authorizer, type CheckAttributes } from './authorizer-library';

export type { RequestFacts } from './match-resources';

/** PolicyReads is what the plugin reads from the store. */
export interface PolicyReads {
  policies(): KubeObject[];
  bindings(): KubeObject[];
  /** params lists objects of a kind (apiVersion/kind of paramKind) in a namespace (undefined: cluster-scoped or all). */
  params(apiVersion: string, kind: string, namespace: string | undefined): KubeObject[] | undefined;
  namespace(name: string): KubeObject | undefined;
  /** authorize asks the API server's authorizer whether user may do what a is (the `authorizer` variable). */
  authorize?(user: { username: string; groups: readonly string[]; uid?: string; extra?: Readonly<Record<string, readonly string[]>> }, a: CheckAttributes): { allowed: boolean; reason: string };
}

/** REQUEST_USER is the userInfo of a write with no known requester (kubemu's own records, which no real component makes). */
const REQUEST_USER = { username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };

const CODES: Record<string, number> = { Unauthorized: 401, Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 };

interface Decision { message: string; reason?: string; error: boolean }

const compiled = new Map<string, CelProgram | Error>();
/** program compiles once per expression text (policies are re-read on every request). */
function program(src: string): CelProgram {
  let p = compiled.get(src);
  if (!p) {
    try { p = compileCel(src); } catch (e) { p = e as Error; }
    compiled.set(src, p);
  }
  if (p instanceof Error) throw p;
  return p;
}

/**
 * admitValidatingPolicies runs every binding on the request r; throws the first Deny, sends
 * Warn-action messages to warn.
 */
export function admitValidatingPolicies(r: RequestFacts, reads: PolicyReads, warn: ((text: string) => void) | undefined): void {
  const bindings = reads.bindings();
  if (!bindings.length) return;
  const policies = new Map(reads.policies().map((p) => [p.metadata.name!, p]));
  const sorted = [...bindings].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  let denial: { policy: string; binding: string; d: Decision } | undefined;
  for (const binding of sorted) {
    const policy = policies.get(binding.spec?.policyName);
    if (!policy) continue;
    const spec = policy.spec ?? {};
    if (!matches(spec.matchConstraints as MatchResources | undefined, r, true)) continue;
    if (!matches(binding.spec?.matchResources as MatchResources | undefined, r, false)) continue;
    const actions: string[] = binding.spec?.validationActions ?? [];
    for (const d of evaluateBinding(policy, binding, r, reads)) {
      for (const action of actions) {
        if (action === 'Deny') denial ??= { policy: policy.metadata.name!, binding: binding.metadata.name!, d };
        else if (action === 'Warn') warn?.(`Validation failed for ValidatingAdmissionPolicy '${policy.metadata.name}' with binding '${binding.metadata.name}': ${d.message}`);
      }
    }
  }
  if (!denial) return;
  const message = `ValidatingAdmissionPolicy '${denial.policy}' with binding '${denial.binding}' denied request: ${denial.d.message}`;
  const reason = (denial.d.reason || 'Invalid') as StatusReason;
  const qualified = r.group ? `${r.resource}.${r.group}` : r.resource;
  throw new ApiError(reason, CODES[reason] ?? 400, `${qualified} "${r.name}" is forbidden: ${message}`,
    { group: r.group, kind: r.resource, name: r.name, causes: [{ field: '', message }] });
}

/** evaluateBinding returns the failed validations of one policy under one binding (one set per param object). */
function evaluateBinding(policy: KubeObject, binding: KubeObject, r: RequestFacts, reads: PolicyReads): Decision[] {
  const spec = policy.spec ?? {};
  const fail = (spec.failurePolicy ?? 'Fail') === 'Fail';
  const onError = (message: string): Decision[] => (fail ? [{ message, error: true }] : []);
  let params: (KubeObject | null)[] = [null];
  const paramKind = spec.paramKind as { apiVersion: string; kind: string } | undefined;
  if (paramKind) {
    const ref = binding.spec?.paramRef as { name?: string; namespace?: string; selector?: Record<string, unknown>; parameterNotFoundAction?: string } | undefined;
    if (!ref) return onError('failed to configure binding: paramRef is required when paramKind is set');
    const found = reads.params(paramKind.apiVersion, paramKind.kind, ref.namespace ?? (r.namespaced ? r.object?.metadata.namespace ?? r.oldObject?.metadata.namespace : undefined));
    if (found === undefined) return onError(`failed to configure policy: failed to find resource referenced by paramKind: '${paramKind.apiVersion}, Kind=${paramKind.kind}'`);
    const chosen = ref.name ? found.filter((p) => p.metadata.name === ref.name) : found.filter((p) => selectorMatches(ref.selector ?? {}, p.metadata.labels));
    if (!chosen.length) {
      if ((ref.parameterNotFoundAction ?? 'Deny') === 'Allow') return [];
      return onError('failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction');
    }
    params = chosen;
  }
  const out: Decision[] = [];
  for (const param of params) out.push(...evaluateWithParam(spec, param, r, reads, onError));
  return out;
}

function evaluateWithParam(spec: Record<string, any>, param: KubeObject | null, r: RequestFacts, reads: PolicyReads,
  onError: (m: string) => Decision[]): Decision[] {
  const request = {
    kind: { group: r.group, version: r.version, kind: (r.object ?? r.oldObject)?.kind ?? '' },
    resource: { group: r.group, version: r.version, resource: r.resource },
    requestKind: { group: r.group, version: r.version, kind: (r.object ?? r.oldObject)?.kind ?? '' },
    requestResource: { group: r.group, version: r.version, resource: r.resource },
    name: r.name, namespace: r.namespaced ? (r.object ?? r.oldObject)?.metadata.namespace ?? '' : '',
    operation: r.operation, userInfo: r.userInfo ?? REQUEST_USER, dryRun: false, options: {},
    ...(r.subresource ? { subResource: r.subresource } : {}),
  };
  const nsName = r.namespaced ? request.namespace : '';
  const variableValues = new Map<string, unknown>();
  const variableDefs = new Map<string, string>((spec.variables ?? []).map((v: { name: string; expression: string }) => [v.name, v.expression]));
  const base: Record<string, unknown> = {
    object: r.object, oldObject: r.oldObject, params: param, request,
    namespaceObject: nsName ? reads.namespace(nsName) ?? null : null,
  };
  if (reads.authorize) {
    const user = request.userInfo;
    base.authorizer = new Authorizer((a) => reads.authorize!(user, a),
      { group: r.group, resource: r.resource, subresource: r.subresource, namespace: nsName, name: r.name });
  }
  const resolve = (name: string): { found: boolean; value?: unknown } => {
    if (name === 'variables') return { found: true, value: variablesView() };
    return name in base ? { found: true, value: base[name] } : { found: false };
  };
  // Variables are evaluated when first used and kept for the request, as cel-go's lazy evaluator does.
  const variablesView = (): Record<string, unknown> => new Proxy({}, {
    has: (_t, key) => typeof key === 'string' && variableDefs.has(key),
    get: (_t, key) => {
      if (typeof key !== 'string' || !variableDefs.has(key)) return undefined;
      if (!variableValues.has(key)) variableValues.set(key, program(variableDefs.get(key)!).evaluate(resolve));
      return variableValues.get(key);
    },
    ownKeys: () => [...variableDefs.keys()],
    getOwnPropertyDescriptor: (_t, key) => (typeof key === 'string' && variableDefs.has(key) ? { enumerable: true, configurable: true } : undefined),
  });
  const run = (src: string): unknown => program(src).evaluate(resolve);
  for (const mc of (spec.matchConditions ?? []) as { name: string; expression: string }[]) {
    try {
      const v = run(mc.expression);
      if (v === false) return [];
      if (v !== true) return onError(`matchCondition '${mc.name}' resulted in error: expected boolean, got ${typeof v}`);
    } catch (e) {
      if (!(e instanceof CelEvalError || e instanceof CelSyntaxError)) throw e;
      return onError(`failed to evaluate: ${e.message}`);
    }
  }
  const out: Decision[] = [];
  for (const v of (spec.validations ?? []) as { expression: string; message?: string; messageExpression?: string; reason?: string }[]) {
    let ok: unknown;
    try { ok = run(v.expression); } catch (e) {
      if (!(e instanceof CelEvalError || e instanceof CelSyntaxError)) throw e;
      out.push(...onError(`expression '${v.expression}' resulted in error: ${e.message}`));
      continue;
    }
    if (ok === true) continue;
    let message = v.message || `failed expression: ${v.expression.trim()}`;
    if (v.messageExpression) {
      try {
        const m = run(v.messageExpression);
        if (typeof m === 'string' && m.trim() && !m.includes('\n')) message = m.trim();
      } catch (e) { if (!(e instanceof CelEvalError || e instanceof CelSyntaxError)) throw e; }
    }
    out.push({ message, reason: v.reason, error: false });
  }
  return out;
}
