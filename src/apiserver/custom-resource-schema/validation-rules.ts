/**
 * validation-rules: a CRD's x-kubernetes-validations, evaluated as apiextensions-apiserver's
 * CEL validator does: at each value the schema reaches, `self` is that value and `oldSelf`
 * the same place in the stored object (rules that read oldSelf run only on updates that have
 * one, unless optionalOldSelf), the node's own rules before its children's. A false rule is
 * `<path>: Invalid value: "<schema type>": <message>` (or `failed rule: <rule>`), at
 * fieldPath when given, with the reason's error type; a runtime error (no such key, index out
 * of bounds) is `<error> evaluating rule: <rule>`.
 */
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, invalidValue, required } from '../field-errors';
import { compileCel, type CelProgram } from '../cel/cel';
import { childPath, indexPath, isMap, type JSONSchemaProps, type ValidationRule } from './schema';

const compiled = new Map<string, CelProgram | Error>();
function program(source: string): CelProgram | Error {
  let p = compiled.get(source);
  if (!p) {
    try { p = compileCel(source); } catch (e) { p = e as Error; }
    compiled.set(source, p);
  }
  return p;
}

/** NOT_CHECKED is the error upstream adds when schema errors kept the rules from running. */
export const RULES_NOT_CHECKED: StatusCause = {
  field: '<nil>',
  message: 'Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
};

/** validateRules runs every x-kubernetes-validations rule under schema over value (old: the stored object, on update). */
export function validateRules(value: unknown, schema: JSONSchemaProps, old: unknown, path = ''): StatusCause[] {
  const out: StatusCause[] = [];
  walk(value, schema, old, path, out);
  return out;
}

function walk(value: unknown, s: JSONSchemaProps, old: unknown, path: string, out: StatusCause[]): void {
  if (value === undefined || value === null) return;
  for (const rule of s['x-kubernetes-validations'] ?? []) checkRule(rule, value, s, old, path, out);
  if (isMap(value)) {
    const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    const oldMap = isMap(old) ? old : undefined;
    for (const [key, v] of Object.entries(value)) {
      const sub = s.properties?.[key] ?? additional;
      if (sub) walk(v, sub, oldMap?.[key], childPath(path, key), out);
    }
  } else if (Array.isArray(value) && s.items) {
    // Old list items are matched by index only for atomic lists' rules that read them; kubemu pairs by index.
    const oldList = Array.isArray(old) ? old : [];
    value.forEach((v, i) => walk(v, s.items!, oldList[i], indexPath(path, i), out));
  }
}

function checkRule(rule: ValidationRule, self: unknown, s: JSONSchemaProps, old: unknown, path: string, out: StatusCause[]): void {
  const readsOld = /\boldSelf\b/.test(rule.rule);
  if (readsOld && old === undefined && !rule.optionalOldSelf) return;
  const p = program(rule.rule);
  // fieldPath is relative to the rule's node (`.spec.x`); at the root it starts the path.
  const at = rule.fieldPath ? (path ? path + rule.fieldPath : rule.fieldPath.replace(/^\./, '')) : path || '<nil>';
  const type = s.type ?? (s['x-kubernetes-int-or-string'] ? 'string' : 'object');
  // A rule kube-apiserver compiled (it refuses CRDs whose rules do not) but kubemu's evaluator
  // cannot parse or lacks a function for is skipped, never a false rejection (docs/check.md).
  if (p instanceof Error) return;
  let ok: unknown;
  try {
    ok = p.evaluate({ self, ...(old !== undefined ? { oldSelf: old } : {}) });
  } catch (e) {
    const text = (e as Error).message;
    if (/^(undeclared reference|no such overload)/.test(text)) return;
    out.push(invalidValue(at, type, `${text} evaluating rule: ${rule.rule.trim()}`));
    return;
  }
  if (ok === true) return;
  const detail = messageOf(rule, self, old);
  switch (rule.reason) {
    case 'FieldValueForbidden': out.push(forbiddenField(at, detail)); break;
    case 'FieldValueRequired': out.push(required(at, detail)); break;
    case 'FieldValueDuplicate': out.push(duplicate(at, type)); break;
    default: out.push(invalidValue(at, type, detail));
  }
}

function messageOf(rule: ValidationRule, self: unknown, old: unknown): string {
  if (rule.messageExpression) {
    const p = program(rule.messageExpression);
    if (!(p instanceof Error)) {
      try {
        const m = p.evaluate({ self, ...(old !== undefined ? { oldSelf: old } : {}) });
        if (typeof m === 'string' && m.trim() && !m.includes('\n')) return m;
      } catch { /* upstream falls back to the message, then the rule */ }
    }
  }
  return rule.message || `failed rule: ${rule.rule.trim()}`;
}
