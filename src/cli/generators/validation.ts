/**
 * validation: the apimachinery name validators the generators apply client-side, with
 * their exact message text (k8s.io/apimachinery pkg/util/validation/validation.go).
 */

/** MAX_LEN_ERROR is apimachinery's MaxLenError text. */
export const MAX_LEN_ERROR = (n: number): string => `must be no more than ${n} characters`;

/** regexError renders apimachinery's RegexError: message, examples and the regex. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  // Two spaces before "or" is upstream's own spacing; kubectl prints it verbatim.
  return `${msg} (e.g. ${examples.map((e) => `'${e}'`).join(',  or ')}, regex used for validation is '${fmt}')`;
}

const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const ENV_VAR_NAME_MSG = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";

// hasChDirPrefix: keys become file names in volumes, so "." and ".." prefixes are refused.
function chDirErrors(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

/** isConfigMapKey returns apimachinery IsConfigMapKey's errors (empty when valid). */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(MAX_LEN_ERROR(253));
  if (!new RegExp(`^${CONFIG_MAP_KEY_FMT}$`).test(value)) {
    errs.push(regexError(CONFIG_MAP_KEY_MSG, CONFIG_MAP_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  }
  return errs.concat(chDirErrors(value));
}

/** isEnvVarName returns apimachinery IsEnvVarName's errors (empty when valid). */
export function isEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (!new RegExp(`^${ENV_VAR_NAME_FMT}$`).test(value)) {
    errs.push(regexError(ENV_VAR_NAME_MSG, ENV_VAR_NAME_FMT, 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1'));
  }
  return errs.concat(chDirErrors(value));
}

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';

/** isDNS1123Subdomain reports whether value is a lower-case RFC 1123 subdomain of at most 253 characters. */
export function isDNS1123Subdomain(value: string): boolean {
  return value.length <= 253 && new RegExp(`^${DNS1123_LABEL}(\\.${DNS1123_LABEL})*$`).test(value);
}

/** isDNS1123Label reports whether value is a lower-case RFC 1123 label of at most 63 characters. */
export function isDNS1123Label(value: string): boolean {
  return value.length <= 63 && new RegExp(`^${DNS1123_LABEL}$`).test(value);
}

/** isValidPortName returns apimachinery IsValidPortName's errors (an IANA_SVC_NAME). */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push(MAX_LEN_ERROR(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.startsWith('-') || port.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** isValidPortNum returns apimachinery IsValidPortNum's errors (1..65535). */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}
