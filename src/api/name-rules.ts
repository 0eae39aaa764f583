/**
 * name-rules: apimachinery's validators for names that are not labels (pkg/util/validation,
 * v0.32) — ConfigMap and Secret keys, environment variable names as kubectl checks them, URL
 * path segments, port names and numbers — shared by the API server's strategies and kubectl's
 * generators. DNS names and qualified names are labels.ts's.
 */
import { DNS1123_SUBDOMAIN_MAX_LENGTH, maxLenError, regexError } from './labels';

const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_KEY_RE = new RegExp(`^${CONFIG_KEY_FMT}$`);
const CONFIG_KEY_ERROR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const ENV_VAR_NAME_RE = new RegExp(`^${ENV_VAR_NAME_FMT}$`);
const ENV_VAR_NAME_ERROR = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";
/** PORT_NAME_LETTER_ERROR is IsValidPortName's text for a name without a letter. */
export const PORT_NAME_LETTER_ERROR = 'must contain at least one letter (a-z)';

/** dotPathErrors is hasChDirPrefix: keys become file names in volumes, so "." and ".." prefixes are refused. */
export function dotPathErrors(v: string): string[] {
  if (v === '.') return ["must not be '.'"];
  if (v === '..') return ["must not be '..'"];
  if (v.startsWith('..')) return ["must not start with '..'"];
  return [];
}

/** isConfigMapKey is IsConfigMapKey: a ConfigMap or Secret data key. */
export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(key) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_KEY_RE.test(key)) errs.push(regexError(CONFIG_KEY_ERROR, CONFIG_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  errs.push(...dotPathErrors(key));
  return errs;
}

/** isEnvVarName is IsEnvVarName, the rule kubectl's generators apply (the API server's is relaxed). */
export function isEnvVarName(name: string): string[] {
  const errs: string[] = [];
  if (!ENV_VAR_NAME_RE.test(name)) errs.push(regexError(ENV_VAR_NAME_ERROR, ENV_VAR_NAME_FMT, 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1'));
  errs.push(...dotPathErrors(name));
  return errs;
}

/** isPathSegmentName is IsValidPathSegmentName: names that only have to be one URL path segment (RBAC, Events). */
export function isPathSegmentName(v: string): string[] {
  const errs: string[] = [];
  if (v === '.' || v === '..') errs.push(`may not be '${v}'`);
  if (v.includes('/')) errs.push("may not contain '/'");
  if (v.includes('%')) errs.push("may not contain '%'");
  return errs;
}

/** isValidPortName is IsValidPortName: an IANA service name, at most 15 lower-case alphanumerics and '-'. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push(PORT_NAME_LETTER_ERROR);
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.startsWith('-') || port.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** isValidPortNum is IsValidPortNum: 1 to 65535. */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}
