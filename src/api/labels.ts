/**
 * labels: the `-l/--selector` label selector grammar and the name/label validators the API
 * layer shares, with apimachinery's exact message texts.
 *
 * Mirrors k8s.io/apimachinery pkg/labels/selector.go (lexer + parser, v0.32) and
 * pkg/util/validation/validation.go (IsQualifiedName, IsValidLabelValue, IsDNS1123Label,
 * IsDNS1123Subdomain, IsDNS1035Label). Set-based `>`/`<` (Gt/Lt) are parsed too, as upstream.
 */

/** QUALIFIED_NAME_FMT is the regex text quoted in qualified-name errors. */
export const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
/** QUALIFIED_NAME_ERR_MSG is validation.go's qualifiedNameErrMsg. */
export const QUALIFIED_NAME_ERR_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
/** LABEL_VALUE_FMT is the regex text quoted in label value errors. */
export const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
/** LABEL_VALUE_ERR_MSG is validation.go's labelValueErrMsg. */
export const LABEL_VALUE_ERR_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
/** DNS1123_LABEL_FMT / DNS1123_SUBDOMAIN_FMT / DNS1035_LABEL_FMT are the quoted regex texts. */
export const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
export const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
export const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
export const DNS1123_LABEL_ERR_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123_SUBDOMAIN_ERR_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1035_LABEL_ERR_MSG = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
/** NOT_CONTAIN_DOTS is IsDNS1123Label's text for a valid subdomain that is not a label. */
export const NOT_CONTAIN_DOTS = 'must not contain dots';
/** EMPTY_ERROR is validation.EmptyError(). */
export const EMPTY_ERROR = 'must be non-empty';
/** UNABLE_TO_PARSE_REQUIREMENT prefixes every requirement error of the selector parser. */
export const UNABLE_TO_PARSE_REQUIREMENT = 'unable to parse requirement: ';

const QUALIFIED_NAME_RE = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1035_LABEL_RE = new RegExp(`^${DNS1035_LABEL_FMT}$`);

/** DNS1123_LABEL_MAX_LENGTH and DNS1123_SUBDOMAIN_MAX_LENGTH are the longest label and subdomain (in bytes). */
export const DNS1123_LABEL_MAX_LENGTH = 63;
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;

/** maxLenError is validation.MaxLenError (v1.32 counts characters). */
export const maxLenError = (n: number): string => `must be no more than ${n} characters`;

/** regexError is validation.RegexError: message, examples (note the double space), regex. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

/** byteLength is Go's len(string): UTF-8 bytes. */
const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/** isDNS1123Subdomain is validation.IsDNS1123Subdomain: [] when valid, else messages. */
export function isDNS1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (byteLength(v) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!DNS1123_SUBDOMAIN_RE.test(v)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

/** isDNS1123Label is validation.IsDNS1123Label: [] when valid, else messages. */
export function isDNS1123Label(v: string): string[] {
  const errs: string[] = [];
  if (byteLength(v) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!DNS1123_LABEL_RE.test(v)) {
    // A valid subdomain that is not a label can only be failing on its dots.
    if (DNS1123_SUBDOMAIN_RE.test(v)) errs.push(NOT_CONTAIN_DOTS);
    else errs.push(regexError(DNS1123_LABEL_ERR_MSG, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

/** isDNS1035Label is validation.IsDNS1035Label: [] when valid, else messages. */
export function isDNS1035Label(v: string): string[] {
  const errs: string[] = [];
  if (byteLength(v) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!DNS1035_LABEL_RE.test(v)) errs.push(regexError(DNS1035_LABEL_ERR_MSG, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  return errs;
}

/**
 * validateLabelKey is validation.IsQualifiedName (the rule for label and annotation keys):
 * an optional DNS-1123 subdomain prefix and '/', then a name part of at most 63 characters.
 */
export function validateLabelKey(key: string): string[] {
  const errs: string[] = [];
  const parts = key.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push(`prefix part ${EMPTY_ERROR}`);
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [`a qualified name ${regexError(QUALIFIED_NAME_ERR_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}` +
      " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"];
  }
  if (name.length === 0) errs.push(`name part ${EMPTY_ERROR}`);
  else if (byteLength(name) > DNS1123_LABEL_MAX_LENGTH) errs.push(`name part ${maxLenError(DNS1123_LABEL_MAX_LENGTH)}`);
  if (!QUALIFIED_NAME_RE.test(name)) {
    errs.push(`name part ${regexError(QUALIFIED_NAME_ERR_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  }
  return errs;
}

/** validateLabelValue is validation.IsValidLabelValue: empty or a qualified name of at most 63. */
export function validateLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (byteLength(v) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!LABEL_VALUE_RE.test(v)) errs.push(regexError(LABEL_VALUE_ERR_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** Operator is a selection.Operator as spelled in apimachinery. */
export type Operator = 'in' | 'notin' | '=' | '==' | '!=' | 'gt' | 'lt' | 'exists' | '!';

/** Requirement is one ANDed term of a selector; values are sorted and de-duplicated. */
export interface Requirement { key: string; operator: Operator; values: string[] }

/** Selector is a parsed label selector: requirements sorted by key, all of which must match. */
export interface Selector {
  readonly requirements: readonly Requirement[];
  /** matches reports whether every requirement holds for labels (missing labels = {}). */
  matches(labels: Record<string, string> | undefined): boolean;
  /** empty reports whether the selector selects everything. */
  empty(): boolean;
  /** toString renders apimachinery's canonical form ("a=b,c in (x,y),!d"). */
  toString(): string;
}

/** requirementMatches is Requirement.Matches. */
export function requirementMatches(r: Requirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = labels[r.key];
  switch (r.operator) {
    case 'in': case '=': case '==': return has && r.values.includes(v!);
    case 'notin': case '!=': return !has || !r.values.includes(v!);
    case 'exists': return has;
    case '!': return !has;
    case 'gt': case 'lt': {
      if (!has || !/^[+-]?\d+$/.test(v!) || r.values.length !== 1) return false;
      const lhs = BigInt(v!);
      const rhs = BigInt(r.values[0]!);
      return r.operator === 'gt' ? lhs > rhs : lhs < rhs;
    }
  }
}

function requirementString(r: Requirement): string {
  const vals = r.values.join(',');
  switch (r.operator) {
    case 'exists': return r.key;
    case '!': return `!${r.key}`;
    case 'in': return `${r.key} in (${vals})`;
    case 'notin': return `${r.key} notin (${vals})`;
    case 'gt': return `${r.key}>${vals}`;
    case 'lt': return `${r.key}<${vals}`;
    default: return `${r.key}${r.operator}${vals}`;
  }
}

/**
 * KeyConstraint is every requirement on one key folded together, so an object is matched by
 * one lookup per label it carries rather than one per requirement: a selector of 10 000 terms
 * over 5 000 objects costs 5 000 × (labels per object), not 50 million property probes.
 */
interface KeyConstraint {
  /** present: some requirement needs the label (=, ==, in, exists, gt, lt). */
  present: boolean;
  /** absent: some requirement forbids the label (!key). */
  absent: boolean;
  /** Each requirement that reads the value, in order; all must hold. */
  checks: Requirement[];
  /** allowed is the intersection of the =, ==, in value sets, when there is one. */
  allowed?: Set<string>;
  /** forbidden is the union of the !=, notin value sets. */
  forbidden: Set<string>;
}

function compileConstraints(reqs: readonly Requirement[]): Map<string, KeyConstraint> {
  const byKey = new Map<string, KeyConstraint>();
  for (const r of reqs) {
    let c = byKey.get(r.key);
    if (!c) { c = { present: false, absent: false, checks: [], forbidden: new Set() }; byKey.set(r.key, c); }
    switch (r.operator) {
      case 'in': case '=': case '==': {
        c.present = true;
        const vals = new Set(r.values);
        c.allowed = c.allowed ? new Set([...c.allowed].filter((v) => vals.has(v))) : vals;
        break;
      }
      case 'notin': case '!=': for (const v of r.values) c.forbidden.add(v); break;
      case 'exists': c.present = true; break;
      case '!': c.absent = true; break;
      case 'gt': case 'lt': c.present = true; c.checks.push(r); break;
    }
  }
  return byKey;
}

/** compiledMatcher is Selector.matches over constraints compiled once per selector. */
function compiledMatcher(reqs: readonly Requirement[]): (labels: Record<string, string> | undefined) => boolean {
  const byKey = compileConstraints(reqs);
  let required = 0;
  for (const c of byKey.values()) if (c.present) required++;
  return (labels) => {
    const l = labels ?? {};
    let seen = 0;
    for (const key of Object.keys(l)) {
      const c = byKey.get(key);
      if (!c) continue;
      if (c.absent) return false;
      const v = l[key]!;
      if (c.allowed && !c.allowed.has(v)) return false;
      if (c.forbidden.has(v)) return false;
      for (const r of c.checks) if (!requirementMatches(r, l)) return false;
      if (c.present) seen++;
    }
    return seen === required;
  };
}

/** newSelector wraps requirements (sorted by key, as upstream's parse does) as a Selector. */
export function newSelector(requirements: Requirement[]): Selector {
  const reqs = [...requirements].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const matches = compiledMatcher(reqs);
  return {
    requirements: reqs,
    matches,
    empty: () => reqs.length === 0,
    toString: () => reqs.map(requirementString).join(','),
  };
}

// ---- lexer (selector.go Lexer) ----

type Tok = 'error' | 'eos' | ')' | ',' | '!' | '==' | '=' | '>' | 'id' | 'in' | '<' | '!=' | 'notin' | '(';
interface Item { tok: Tok; lit: string }

const STRING_TO_TOKEN: Record<string, Tok> = {
  ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', in: 'in', '<': '<', '!=': '!=', notin: 'notin', '(': '(',
};
const isWhitespace = (c: string): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isSpecial = (c: string): boolean => '=!(),><'.includes(c) && c !== '';

function lex(s: string): Item[] {
  const items: Item[] = [];
  let pos = 0;
  for (;;) {
    while (pos < s.length && isWhitespace(s[pos]!)) pos++;
    if (pos >= s.length) { items.push({ tok: 'eos', lit: '' }); return items; }
    if (isSpecial(s[pos]!)) {
      // Longest run of special symbols that is still a known token ("!=" but not "!=(").
      let buf = '';
      let last: Item | undefined;
      while (pos < s.length && isSpecial(s[pos]!)) {
        buf += s[pos];
        const t = STRING_TO_TOKEN[buf];
        if (t) { last = { tok: t, lit: buf }; pos++; }
        else if (last) break;
        else pos++;
      }
      items.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buf}'` });
      continue;
    }
    let buf = '';
    while (pos < s.length && !isSpecial(s[pos]!) && !isWhitespace(s[pos]!)) buf += s[pos++];
    const kw = STRING_TO_TOKEN[buf];
    items.push(kw ? { tok: kw, lit: buf } : { tok: 'id', lit: buf });
  }
}

// ---- parser (selector.go Parser) ----

/** fieldInvalid renders field.Invalid(path, value, detail).Error() for a string value. */
const fieldInvalid = (path: string, value: string, detail: string): string =>
  `${path}: Invalid value: ${JSON.stringify(value)}: ${detail}`;

class SelectorParser {
  pos = 0;
  constructor(readonly items: Item[]) {}

  /** lookahead/consume treat `in`/`notin` as identifiers in value context, as upstream does. */
  lookahead(values: boolean): Item {
    const it = this.items[this.pos]!;
    return values && (it.tok === 'in' || it.tok === 'notin') ? { tok: 'id', lit: it.lit } : it;
  }
  consume(values: boolean): Item {
    const it = this.lookahead(values);
    this.pos++;
    return it;
  }

  parse(): Requirement[] {
    const reqs: Requirement[] = [];
    for (;;) {
      const { tok, lit } = this.lookahead(true);
      if (tok === 'id' || tok === '!') {
        try {
          reqs.push(this.parseRequirement());
        } catch (e) {
          throw new Error(UNABLE_TO_PARSE_REQUIREMENT + (e as Error).message);
        }
        const t = this.consume(true);
        if (t.tok === 'eos') return reqs;
        if (t.tok === ',') {
          const t2 = this.lookahead(true);
          if (t2.tok !== 'id' && t2.tok !== '!') throw new Error(`found '${t2.lit}', expected: identifier after ','`);
          continue;
        }
        throw new Error(`found '${t.lit}', expected: ',' or 'end of string'`);
      }
      if (tok === 'eos') return reqs;
      throw new Error(`found '${lit}', expected: !, identifier, or 'end of string'`);
    }
  }

  parseRequirement(): Requirement {
    let op: Operator | undefined;
    let t = this.consume(true);
    if (t.tok === '!') { op = '!'; t = this.consume(true); }
    if (t.tok !== 'id') throw new Error(`found '${t.lit}', expected: identifier`);
    const key = t.lit;
    const keyErrs = validateLabelKey(key);
    // The parser validates the key with a nil field path, hence "<nil>: Invalid value".
    if (keyErrs.length) throw new Error(fieldInvalid('<nil>', key, keyErrs.join('; ')));
    const next = this.lookahead(true).tok;
    if ((next === 'eos' || next === ',') && op !== '!') op = 'exists';
    if (op === 'exists' || op === '!') return newRequirement(key, op, []);

    const o = this.consume(false);
    const OPS: Partial<Record<Tok, Operator>> = { in: 'in', '=': '=', '==': '==', '>': 'gt', '<': 'lt', notin: 'notin', '!=': '!=' };
    const operator = OPS[o.tok];
    if (!operator) throw new Error(`found '${o.lit}', expected: in, notin, =, ==, !=, gt, lt`);
    const values = operator === 'in' || operator === 'notin' ? this.parseValues() : this.parseExactValue();
    return newRequirement(key, operator, [...values].sort());
  }

  parseValues(): Set<string> {
    const t = this.consume(true);
    if (t.tok !== '(') throw new Error(`found '${t.lit}' expected: '('`);
    const { tok, lit } = this.lookahead(true);
    if (tok === 'id' || tok === ',') {
      const s = this.parseIdentifiersList();
      if (this.consume(true).tok !== ')') throw new Error(`found '${lit}', expected: ')'`);
      return s;
    }
    if (tok === ')') { this.consume(true); return new Set(['']); }
    throw new Error(`found '${lit}', expected: ',', ')' or identifier`);
  }

  parseIdentifiersList(): Set<string> {
    const s = new Set<string>();
    for (;;) {
      const t = this.consume(true);
      if (t.tok === 'id') {
        s.add(t.lit);
        const t2 = this.lookahead(true);
        if (t2.tok === ',') continue;
        if (t2.tok === ')') return s;
        throw new Error(`found '${t2.lit}', expected: ',' or ')'`);
      }
      if (t.tok === ',') {
        if (s.size === 0) s.add('');
        const t2 = this.lookahead(true);
        if (t2.tok === ')') { s.add(''); return s; }
        if (t2.tok === ',') { this.consume(true); s.add(''); }
        continue;
      }
      throw new Error(`found '${t.lit}', expected: ',', or identifier`);
    }
  }

  parseExactValue(): Set<string> {
    const { tok } = this.lookahead(true);
    if (tok === 'eos' || tok === ',') return new Set(['']);
    const t = this.consume(true);
    if (t.tok === 'id') return new Set([t.lit]);
    throw new Error(`found '${t.lit}', expected: identifier`);
  }
}

/**
 * newRequirement is labels.NewRequirement's validation: it throws the aggregated field errors
 * (one as-is, several as "[a, b]") with paths "key", "values", "values[i][key]".
 */
function newRequirement(key: string, operator: Operator, values: string[]): Requirement {
  const errs: string[] = [];
  const keyErrs = validateLabelKey(key);
  if (keyErrs.length) errs.push(fieldInvalid('key', key, keyErrs.join('; ')));
  const goSlice = `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;
  if ((operator === 'in' || operator === 'notin') && values.length === 0) {
    errs.push(`values: Invalid value: ${goSlice}: for 'in', 'notin' operators, values set can't be empty`);
  }
  if ((operator === 'gt' || operator === 'lt')) {
    values.forEach((v, i) => {
      if (!/^[+-]?\d+$/.test(v)) errs.push(fieldInvalid(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
    });
  }
  values.forEach((v, i) => {
    const ve = validateLabelValue(v);
    if (ve.length) errs.push(fieldInvalid(`values[${i}][${key}]`, v, ve.join('; ')));
  });
  if (errs.length === 1) throw new Error(errs[0]);
  if (errs.length > 1) throw new Error(`[${errs.join(', ')}]`);
  return { key, operator, values };
}

/**
 * labelHint is what a stored object's JSON holds when it has label key (with value): the
 * `"key":"value"` (or `"key":`) of its compact labels map, for ListQuery.mayContain.
 */
export function labelHint(key: string, value?: string): string {
  return `${JSON.stringify(key)}:${value === undefined ? '' : JSON.stringify(value)}`;
}

/**
 * selectorHints is ListQuery.mayContain for a parsed selector: from its first requirement that
 * needs a label (=, ==, in, exists), the strings one of which a selected object's JSON holds;
 * undefined when no requirement needs one (`!a`, `a!=b`, the empty selector).
 */
export function selectorHints(selector: Selector): string[] | undefined {
  for (const r of selector.requirements) {
    if (r.operator === '=' || r.operator === '==' || r.operator === 'in') return r.values.map((v) => labelHint(r.key, v));
    if (r.operator === 'exists' || r.operator === 'gt' || r.operator === 'lt') return [labelHint(r.key)];
  }
  return undefined;
}

/**
 * parseSelector parses a `-l` selector ("app=web,tier in (a,b),!canary"). The empty string
 * selects everything. Throws Error with apimachinery's exact message, e.g.
 * `unable to parse requirement: <nil>: Invalid value: "-app": name part must consist of …`.
 */
export function parseSelector(s: string): Selector {
  return newSelector(new SelectorParser(lex(s)).parse());
}
