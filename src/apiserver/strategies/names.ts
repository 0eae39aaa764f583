/**
 * names: the name and label rules strategies check (apimachinery pkg/util/validation).
 * src/api/labels.ts is the shared home of these rules; this file is the strategies' single
 * import point, so that swapping the local copies for that module is a one-file change.
 */

/** DNS1123_LABEL_MAX_LENGTH is the longest RFC 1123 label (and label value / name part). */
export const DNS1123_LABEL_MAX_LENGTH = 63;
/** DNS1123_SUBDOMAIN_MAX_LENGTH is the longest RFC 1123 subdomain. */
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;

const LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const SUBDOMAIN_FMT = `${LABEL_FMT}(\\.${LABEL_FMT})*`;
const DNS1035_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';

const anchored = (fmt: string): RegExp => new RegExp(`^${fmt}$`);
const LABEL_RE = anchored(LABEL_FMT);
const SUBDOMAIN_RE = anchored(SUBDOMAIN_FMT);
const DNS1035_RE = anchored(DNS1035_FMT);
const QUALIFIED_NAME_RE = anchored(QUALIFIED_NAME_FMT);
const LABEL_VALUE_RE = anchored(LABEL_VALUE_FMT);
const CONFIG_KEY_RE = anchored(CONFIG_KEY_FMT);

/** DNS1123_LABEL_ERROR is the text of a bad RFC 1123 label, before its examples. */
export const DNS1123_LABEL_ERROR = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
/** DNS1123_SUBDOMAIN_ERROR is the text of a bad RFC 1123 subdomain, before its examples. */
export const DNS1123_SUBDOMAIN_ERROR = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
/** DNS1035_LABEL_ERROR is the text of a bad DNS-1035 label, before its examples. */
export const DNS1035_LABEL_ERROR = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
/** QUALIFIED_NAME_ERROR is the body of a bad qualified-name (label key) message. */
export const QUALIFIED_NAME_ERROR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
/** LABEL_VALUE_ERROR is the text of a bad label value, before its examples. */
export const LABEL_VALUE_ERROR = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
/** CONFIG_KEY_ERROR is the text of a bad ConfigMap/Secret key, before its examples. */
export const CONFIG_KEY_ERROR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

/** regexError renders apimachinery's RegexError: the message, examples and the pattern. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}'`).join(',  or ')}, regex used for validation is '${fmt}')`;
}

/** maxLenError is "must be no more than N characters". */
export const maxLenError = (n: number): string => `must be no more than ${n} characters`;
/** EMPTY_ERROR is apimachinery's EmptyError text. */
export const EMPTY_ERROR = 'must be non-empty';

/** isDNS1123Label lists what is wrong with v as an RFC 1123 label; empty when valid. */
export function isDNS1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!LABEL_RE.test(v)) errs.push(regexError(DNS1123_LABEL_ERROR, LABEL_FMT, 'my-name', '123-abc'));
  return errs;
}

/** isDNS1123Subdomain lists what is wrong with v as an RFC 1123 subdomain; empty when valid. */
export function isDNS1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!SUBDOMAIN_RE.test(v)) errs.push(regexError(DNS1123_SUBDOMAIN_ERROR, SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

/** isDNS1035Label lists what is wrong with v as a DNS-1035 label; empty when valid. */
export function isDNS1035Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!DNS1035_RE.test(v)) errs.push(regexError(DNS1035_LABEL_ERROR, DNS1035_FMT, 'my-name', 'abc-123'));
  return errs;
}

/** validateLabelKey is IsQualifiedName: an optional DNS-subdomain prefix, '/', and a name part. */
export function validateLabelKey(key: string): string[] {
  const errs: string[] = [];
  const parts = key.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push(`prefix part ${EMPTY_ERROR}`);
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [`a qualified name ${regexError(QUALIFIED_NAME_ERROR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push(`name part ${EMPTY_ERROR}`);
  else if (name.length > DNS1123_LABEL_MAX_LENGTH) errs.push(`name part ${maxLenError(DNS1123_LABEL_MAX_LENGTH)}`);
  if (!QUALIFIED_NAME_RE.test(name)) errs.push(`name part ${regexError(QUALIFIED_NAME_ERROR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** validateLabelValue lists what is wrong with a label value; empty when valid. */
export function validateLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!LABEL_VALUE_RE.test(v)) errs.push(regexError(LABEL_VALUE_ERROR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** isConfigMapKey lists what is wrong with a ConfigMap/Secret data key; empty when valid. */
export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (key.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_KEY_RE.test(key)) errs.push(regexError(CONFIG_KEY_ERROR, CONFIG_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  errs.push(...dotPathErrors(key));
  return errs;
}

/** dotPathErrors rejects "." and ".."-prefixed names, which would escape a mounted directory. */
export function dotPathErrors(v: string): string[] {
  if (v === '.') return ["must not be '.'"];
  if (v === '..') return ["must not be '..'"];
  if (v.startsWith('..')) return ["must not start with '..'"];
  return [];
}

/** isPathSegmentName is the rule for names that only have to be a URL path segment (RBAC, HPA). */
export function isPathSegmentName(v: string): string[] {
  const errs: string[] = [];
  if (v === '.' || v === '..') errs.push(`may not be '${v}'`);
  if (v.includes('/')) errs.push("may not contain '/'");
  if (v.includes('%')) errs.push("may not contain '%'");
  return errs;
}

/** IANA_SVC_NAME_ERROR and friends are the port-name messages of IsValidPortName. */
export const PORT_NAME_LETTER_ERROR = 'must contain at least one letter (a-z)';

/** isValidPortName checks an IANA service name: ≤15 chars, lower-case alphanumerics and '-'. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  if (!/[a-z]/.test(port)) errs.push(PORT_NAME_LETTER_ERROR);
  if (port.includes('--')) errs.push("must not contain consecutive hyphens");
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errs.push("must not begin or end with a hyphen");
  return errs;
}
