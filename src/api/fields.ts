/**
 * fields: `--field-selector` parsing and matching, plus the per-kind table of selectable
 * fields with the API server's error for an unsupported one.
 *
 * Mirrors k8s.io/apimachinery pkg/fields/selector.go (splitTerms, splitTerm, UnescapeValue,
 * v0.32), the field label conversion funcs of kubernetes pkg/apis/{core,apps,batch}/v1
 * (which fields each kind accepts and their error texts), and the registries' GetAttrs /
 * ToSelectableFields (what value each field has).
 */
import type { EventLike, KubeObject, ObjectReference } from './meta';
import type { Secret } from './types/kinds';

/** FieldOperator is one of the three field selector operators. */
export type FieldOperator = '=' | '==' | '!=';

/** FieldRequirement is one ANDed term: field op value (value already unescaped). */
export interface FieldRequirement { field: string; operator: FieldOperator; value: string }

/** FieldSelector is a parsed field selector; matches() evaluates it over an object. */
export interface FieldSelector {
  readonly requirements: readonly FieldRequirement[];
  /** matches reports whether every requirement holds for obj's selectable fields. */
  matches(obj: KubeObject): boolean;
  /** empty reports whether the selector selects everything. */
  empty(): boolean;
}

/** invalidSelectorMessage is parseSelector's text for a term with no operator. */
export const invalidSelectorMessage = (selector: string, part: string): string =>
  `invalid selector: '${selector}'; can't understand '${part}'`;
/** fieldLabelNotSupportedMessage is the core/apps/batch conversion funcs' text. */
export const fieldLabelNotSupportedMessage = (label: string): string => `field label not supported: ${label}`;
/** notKnownFieldSelectorMessage is runtime.DefaultMetaV1FieldSelectorConversion's text. */
export const notKnownFieldSelectorMessage = (label: string): string =>
  `${JSON.stringify(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`;

/** splitTerms splits on commas not escaped by a backslash (escapes are kept for unescape). */
function splitTerms(s: string): string[] {
  if (s.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') { terms.push(s.slice(start, i)); start = i + 1; }
  }
  terms.push(s.slice(start));
  return terms;
}

/** splitTerm splits at the first operator; "!=" and "==" are tried before "=". */
function splitTerm(term: string): [string, FieldOperator, string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of ['!=', '==', '='] as const) {
      if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
    }
  }
  return undefined;
}

/** unescapeValue is fields.UnescapeValue: only \\ \, \= are escapes; bare , or = are errors. */
function unescapeValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c === '\\' || c === ',' || c === '=') { out += c; inSlash = false; continue; }
      throw new Error(`invalid field selector: invalid escape sequence: \\${c}`);
    }
    if (c === '\\') inSlash = true;
    // Go prints the rune with %v, i.e. as its code point number ("61" for '=').
    else if (c === ',' || c === '=') throw new Error(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    else out += c;
  }
  if (inSlash) throw new Error('invalid field selector: invalid escape sequence: \\');
  return out;
}

/**
 * parseFieldSelector parses "metadata.name=web,status.phase!=Running". Terms are sorted first,
 * as upstream does, so the first error reported is that of the lexically first bad term.
 * Does not check the field names against a kind (see validateFieldSelector).
 */
export function parseFieldSelector(selector: string): FieldSelector {
  const parts = splitTerms(selector).sort();
  const reqs: FieldRequirement[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const t = splitTerm(part);
    if (!t) throw new Error(invalidSelectorMessage(selector, part));
    reqs.push({ field: t[0], operator: t[1], value: unescapeValue(t[2]) });
  }
  return selectorOf(reqs);
}

/** selectorOf is the selector of parsed requirements. */
function selectorOf(reqs: FieldRequirement[]): FieldSelector {
  const byField = compileFieldConstraints(reqs);
  return {
    requirements: reqs,
    matches: (obj) => {
      const set = selectableFields(obj);
      for (const [field, c] of byField) {
        const v = set[field] ?? '';
        if (c.equals !== undefined && c.equals.some((want) => want !== v)) return false;
        if (c.differs.has(v)) return false;
      }
      return true;
    },
    empty: () => reqs.length === 0,
  };
}

/** FieldConstraint folds every term on one field: the values it must equal and must not. */
interface FieldConstraint { equals?: string[]; differs: Set<string> }

// Folding once per selector makes a selector of many terms cost one check per distinct field
// (a handful) for each object, not one per term.
function compileFieldConstraints(reqs: readonly FieldRequirement[]): Map<string, FieldConstraint> {
  const byField = new Map<string, FieldConstraint>();
  for (const r of reqs) {
    let c = byField.get(r.field);
    if (!c) { c = { differs: new Set() }; byField.set(r.field, c); }
    if (r.operator === '!=') c.differs.add(r.value);
    else if (c.equals === undefined) c.equals = [r.value];
    else if (!c.equals.includes(r.value)) c.equals.push(r.value);
  }
  return byField;
}

/** SUPPORTED_FIELDS lists, per "group/Kind" (core group ""), the field labels the server accepts. */
export const SUPPORTED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  '/Pod': ['metadata.name', 'metadata.namespace', 'spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName',
    'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.podIPs',
    'status.nominatedNodeName', 'spec.host'],
  '/Node': ['metadata.name', 'spec.unschedulable'],
  '/ReplicationController': ['metadata.name', 'metadata.namespace', 'status.replicas'],
  '/Event': ['involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid',
    'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath', 'reason',
    'reportingComponent', 'source', 'type', 'metadata.namespace', 'metadata.name'],
  '/Namespace': ['status.phase', 'metadata.name'],
  '/Secret': ['type', 'metadata.namespace', 'metadata.name'],
  '/Service': ['metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'],
  'apps/ReplicaSet': ['metadata.name', 'metadata.namespace', 'status.replicas'],
  'batch/Job': ['metadata.name', 'metadata.namespace', 'status.successful'],
};

/**
 * FIELD_LABEL_CONVERSIONS maps, per "group/Kind" of a resource stored as another group's kind,
 * each field label it accepts to the stored kind's (events.k8s.io Events:
 * pkg/apis/events/v1 AddFieldLabelConversionsForEvent); the stored kind's own spellings
 * (involvedObject.kind) are not among them.
 */
export const FIELD_LABEL_CONVERSIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'events.k8s.io/Event': {
    'reason': 'reason', 'regarding.kind': 'involvedObject.kind', 'regarding.namespace': 'involvedObject.namespace',
    'regarding.name': 'involvedObject.name', 'regarding.uid': 'involvedObject.uid', 'regarding.apiVersion': 'involvedObject.apiVersion',
    'regarding.resourceVersion': 'involvedObject.resourceVersion', 'regarding.fieldPath': 'involvedObject.fieldPath',
    'reportingController': 'reportingComponent', 'source': 'source', 'type': 'type',
    'metadata.namespace': 'metadata.namespace', 'metadata.name': 'metadata.name',
  },
};

/**
 * convertFieldLabels is sel with its labels in the stored kind's names, for a resource that has
 * FIELD_LABEL_CONVERSIONS (undefined for any other), or the server's message for the first
 * label it does not map.
 */
export function convertFieldLabels(sel: FieldSelector, group: string, kind: string): FieldSelector | string | undefined {
  const mapping = FIELD_LABEL_CONVERSIONS[`${group}/${kind}`];
  if (!mapping) return undefined;
  const reqs: FieldRequirement[] = [];
  for (const r of sel.requirements) {
    const field = mapping[r.field];
    if (field === undefined) return fieldLabelNotSupportedMessage(r.field);
    reqs.push({ ...r, field });
  }
  return selectorOf(reqs);
}

/** DEFAULT_FIELDS is what every other kind accepts (DefaultMetaV1FieldSelectorConversion). */
export const DEFAULT_FIELDS: readonly string[] = ['metadata.name', 'metadata.namespace'];

/** supportedFields returns the field labels a kind accepts in a field selector. */
export function supportedFields(group: string, kind: string): readonly string[] {
  return SUPPORTED_FIELDS[`${group}/${kind}`] ?? DEFAULT_FIELDS;
}

/**
 * validateFieldSelector checks every field of a parsed selector against the kind, returning
 * the server's message for the first unsupported one (in sorted term order), else undefined.
 */
export function validateFieldSelector(sel: FieldSelector, group: string, kind: string): string | undefined {
  const custom = SUPPORTED_FIELDS[`${group}/${kind}`];
  const allowed = custom ?? DEFAULT_FIELDS;
  for (const r of sel.requirements) {
    if (!allowed.includes(r.field)) return custom ? fieldLabelNotSupportedMessage(r.field) : notKnownFieldSelectorMessage(r.field);
  }
  return undefined;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const bool = (v: unknown): string => (v === true ? 'true' : 'false');

/**
 * selectableFields is the fields.Set the registry builds for an object (GetAttrs): metadata
 * fields for every kind plus the kind's own. Fields it lacks compare as "".
 */
export function selectableFields(obj: KubeObject): Record<string, string> {
  const m = obj.metadata ?? {};
  const set: Record<string, string> = { 'metadata.name': str(m.name) };
  // Cluster-scoped objects carry no metadata.namespace field (ObjectMetaFieldsSet).
  if (m.namespace !== undefined) set['metadata.namespace'] = str(m.namespace);
  const spec = obj.spec ?? {};
  const status = obj.status ?? {};
  switch (obj.kind) {
    case 'Pod': {
      set['spec.nodeName'] = str(spec.nodeName);
      set['spec.host'] = str(spec.nodeName);
      set['spec.restartPolicy'] = str(spec.restartPolicy);
      set['spec.schedulerName'] = str(spec.schedulerName);
      set['spec.serviceAccountName'] = str(spec.serviceAccountName);
      set['spec.hostNetwork'] = bool(spec.hostNetwork);
      set['status.phase'] = str(status.phase);
      set['status.podIP'] = str(status.podIPs?.[0]?.ip ?? status.podIP);
      set['status.nominatedNodeName'] = str(status.nominatedNodeName);
      break;
    }
    case 'Node': set['spec.unschedulable'] = bool(spec.unschedulable); break;
    case 'Namespace': set['status.phase'] = str(status.phase); break;
    case 'Secret': set['type'] = str((obj as Secret).type); break;
    case 'Service': set['spec.clusterIP'] = str(spec.clusterIP); set['spec.type'] = str(spec.type); break;
    case 'ReplicationController': case 'ReplicaSet': set['status.replicas'] = str(status.replicas ?? 0); break;
    case 'Job': set['status.successful'] = str(status.succeeded ?? 0); break;
    case 'Event': {
      const ev = obj as EventLike;
      const io: ObjectReference = ev.involvedObject ?? {};
      for (const k of ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const) {
        set[`involvedObject.${k}`] = str(io[k]);
      }
      set['reason'] = str(ev.reason);
      set['reportingComponent'] = str(ev.reportingComponent);
      set['source'] = str(ev.source?.component);
      set['type'] = str(ev.type);
      break;
    }
  }
  return set;
}
