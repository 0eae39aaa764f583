/**
 * type-check: the informational type checking of a ValidatingAdmissionPolicy, as
 * kube-controller-manager's validatingadmissionpolicy-status controller writes it into
 * status.typeChecking.expressionWarnings: each validation's expression and messageExpression
 * is checked against every kind matchConstraints names exactly (no wildcards), and a field that
 * kind's OpenAPI schema lacks is reported as cel-go's checker reports it —
 * `apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replica'` followed by the
 * source line and a caret. kubemu checks field selections and indexes on object and oldObject
 * (not inside macros' variables, nor types of operators' operands).
 */
import type { KubeObject } from '../../../api/meta';
import type { ResourceInfo } from '../../../api/registry';
import { resolveRef, schemaForKind, type Schema } from '../../../api/openapi/document';
import { builtinSchemas } from '../../../api/openapi/documents';
import { parseCel, type Ast } from '../../cel/parse';

/** ExpressionWarning is one status.typeChecking.expressionWarnings entry. */
export interface ExpressionWarning { fieldRef: string; warning: string }

interface Gvk { group: string; version: string; kind: string }

/** matchedKinds lists the kinds the policy's resourceRules name exactly, in rule order, each once. */
function matchedKinds(policy: KubeObject, resources: readonly ResourceInfo[]): Gvk[] {
  const out: Gvk[] = [];
  const seen = new Set<string>();
  for (const rule of (policy.spec?.matchConstraints?.resourceRules ?? []) as { apiGroups?: string[]; apiVersions?: string[]; resources?: string[] }[]) {
    for (const group of rule.apiGroups ?? []) {
      for (const version of rule.apiVersions ?? []) {
        for (const resource of rule.resources ?? []) {
          if ([group, version, resource].some((x) => x.includes('*')) || resource.includes('/')) continue;
          const info = resources.find((r) => r.group === group && r.resource === resource && r.servedVersions.includes(version));
          const key = `${group}/${version}/${info?.kind}`;
          if (!info || seen.has(key)) continue;
          seen.add(key);
          out.push({ group, version, kind: info.kind });
        }
      }
    }
  }
  return out;
}

/** typeCheckPolicy returns the policy's expression warnings (empty when every expression checks). */
export function typeCheckPolicy(policy: KubeObject, resources: readonly ResourceInfo[]): ExpressionWarning[] {
  const kinds = matchedKinds(policy, resources);
  if (!kinds.length) return [];
  const doc = { components: { schemas: builtinSchemas() } };
  const out: ExpressionWarning[] = [];
  const check = (fieldRef: string, src: unknown) => {
    if (typeof src !== 'string' || !src) return;
    let ast: Ast;
    try { ast = parseCel(src); } catch { return; } // a syntax error is the policy's compile error, not a type warning
    const lines: string[] = [];
    for (const gvk of kinds) {
      const root = schemaForKind(doc, gvk);
      if (!root) continue;
      const errors = undefinedFields(ast, root, (s) => resolve(s, doc));
      if (!errors.length) continue;
      lines.push(`${gvk.group}/${gvk.version}, Kind=${gvk.kind}: ${errors.map((e) => display(src, e.pos, `undefined field '${e.field}'`)).join('\n')}`);
    }
    if (lines.length) out.push({ fieldRef, warning: lines.join('\n') });
  };
  ((policy.spec?.validations ?? []) as { expression?: string; messageExpression?: string }[]).forEach((v, i) => {
    check(`spec.validations[${i}].expression`, v.expression);
    check(`spec.validations[${i}].messageExpression`, v.messageExpression);
  });
  return out;
}

/** resolve follows a schema's $ref, or the single allOf reference OpenAPI v3 wraps one in. */
function resolve(s: Schema | undefined, doc: { components: { schemas: Record<string, Schema> } }): Schema | undefined {
  if (!s) return undefined;
  if (s.$ref) return resolveRef(s.$ref, doc);
  if (s.allOf?.length === 1 && s.allOf[0]!.$ref) return resolveRef(s.allOf[0]!.$ref, doc);
  return s;
}

/** undefinedFields finds selections of fields the schema does not declare, in source order. */
function undefinedFields(ast: Ast, root: Schema, resolveSchema: (s: Schema | undefined) => Schema | undefined): { pos: number; field: string }[] {
  const errors = new Map<number, string>();
  // typeOf is the schema of an expression rooted at object/oldObject; undefined when unknown (dyn).
  const typeOf = (n: Ast): Schema | undefined => {
    if (n.t === 'ident') return n.name === 'object' || n.name === 'oldObject' ? root : undefined;
    if (n.t === 'select') {
      const s = resolveSchema(typeOf(n.operand));
      if (!s || s['x-kubernetes-preserve-unknown-fields']) return undefined;
      if (s.properties) {
        if (n.field in s.properties) return s.properties[n.field];
        if (n.pos !== undefined) errors.set(n.pos, n.field);
        return undefined;
      }
      return typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    }
    if (n.t === 'index') {
      const s = resolveSchema(typeOf(n.operand));
      if (s?.type === 'array') return s.items;
      return s && typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    }
    return undefined;
  };
  const walk = (n: Ast): void => {
    switch (n.t) {
      case 'select': case 'index': typeOf(n); walk(n.operand); if (n.t === 'index') walk(n.index); return;
      case 'call': if (n.target) walk(n.target); n.args.forEach(walk); return;
      case 'list': n.items.forEach(walk); return;
      case 'map': n.entries.forEach(([k, v]) => { walk(k); walk(v); }); return;
      case 'unary': walk(n.operand); return;
      case 'binary': walk(n.left); walk(n.right); return;
      case 'cond': walk(n.test); walk(n.then); walk(n.else); return;
      default:
    }
  };
  walk(ast);
  return [...errors].sort(([a], [b]) => a - b).map(([pos, field]) => ({ pos, field }));
}

/** display is cel-go's Error.ToDisplayString: location (1-based line and column), message, the source line and a caret. */
function display(src: string, pos: number, message: string): string {
  const before = [...src.slice(0, pos)];
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.filter((c) => c === '\n').length + 1;
  const column = before.length - lineStart;
  const snippet = (src.split('\n')[line - 1] ?? '').replace(/\t/g, ' ');
  return `ERROR: <input>:${line}:${column + 1}: ${message}\n | ${snippet}\n | ${'.'.repeat(column)}^`;
}
