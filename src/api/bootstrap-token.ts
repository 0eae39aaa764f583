/**
 * bootstrap-token: a bootstrap token as the Secret that holds it (k8s.io/cluster-bootstrap
 * token/api and token/util, kubeadm's bootstraptoken/v1 utils at v1.32): `bootstrap-token-<id>`
 * in kube-system, of type bootstrap.kubernetes.io/token, whose data say the token's id and
 * secret, when it expires, what it may be used for and the groups it authenticates with.
 * kube-apiserver authenticates with it, the token cleaner deletes it once expired, the bootstrap
 * signer signs cluster-info with it, and kubeadm creates, lists and deletes it.
 */
import type { KubeObject } from './meta';
import type { Secret } from './types/kinds';

export const BOOTSTRAP_TOKEN_SECRET_TYPE = 'bootstrap.kubernetes.io/token';
const BOOTSTRAP_TOKEN_SECRET_PREFIX = 'bootstrap-token-';
const USAGE_PREFIX = 'usage-bootstrap-';
/** KNOWN_USAGES are the usages a token may have (bootstrapapi.KnownTokenUsages). */
export const KNOWN_USAGES = ['signing', 'authentication'] as const;
/** BOOTSTRAP_TOKEN_PATTERN and BOOTSTRAP_TOKEN_ID_PATTERN as Go writes them, for its messages. */
export const BOOTSTRAP_TOKEN_PATTERN = String.raw`\A([a-z0-9]{6})\.([a-z0-9]{16})\z`;
export const BOOTSTRAP_TOKEN_ID_PATTERN = String.raw`\A([a-z0-9]{6})\z`;
/** BOOTSTRAP_GROUP is the group every bootstrap token authenticates in. */
export const BOOTSTRAP_GROUP = 'system:bootstrappers';
/** BOOTSTRAP_GROUP_PATTERN is what a token's extra group must match (bootstrapapi.BootstrapGroupPattern). */
export const BOOTSTRAP_GROUP_PATTERN = String.raw`\Asystem:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]\z`;
const GROUP = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;
/** isBootstrapGroup is bootstraputil.ValidateBootstrapGroupName succeeding. */
export const isBootstrapGroup = (g: string): boolean => GROUP.test(g);
/** DEFAULT_NODE_TOKEN_GROUP is kubeadm's extra group for its node-joining tokens. */
export const DEFAULT_NODE_TOKEN_GROUP = 'system:bootstrappers:kubeadm:default-node-token';

const TOKEN_CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';
const TOKEN = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const TOKEN_ID = /^[a-z0-9]{6}$/;

/** BootstrapToken is kubeadm's BootstrapToken: the token, its description, expiry, usages and extra groups. */
export interface BootstrapToken {
  id: string;
  secret: string;
  description?: string;
  /** expires is RFC 3339 in UTC, as the Secret holds it; absent: never. */
  expires?: string;
  usages: string[];
  groups: string[];
}

/** parseToken splits "id.secret"; undefined when it is not of that form. */
export function parseToken(token: string): { id: string; secret: string } | undefined {
  const m = TOKEN.exec(token);
  return m ? { id: m[1]!, secret: m[2]! } : undefined;
}

/** DEFAULT_TOKEN_TTL_MS is kubeadm's default token lifetime (--ttl 24h0m0s). */
export const DEFAULT_TOKEN_TTL_MS = 24 * 3600_000;

/** expirationAfter is a token's expiration ttlMs from nowMs, as its Secret holds it (RFC 3339, UTC, whole seconds). */
export function expirationAfter(nowMs: number, ttlMs: number): string {
  return `${new Date(Math.floor((nowMs + ttlMs) / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/** generateBootstrapToken is bootstraputil.GenerateBootstrapToken, drawing each character with int(n) in [0, n). */
export function generateBootstrapToken(int: (n: number) => number): string {
  const draw = (len: number) => Array.from({ length: len }, () => TOKEN_CHARS[int(TOKEN_CHARS.length)]).join('');
  return `${draw(6)}.${draw(16)}`;
}

export const isTokenID = (s: string): boolean => TOKEN_ID.test(s);

export const secretNameOf = (id: string): string => `${BOOTSTRAP_TOKEN_SECRET_PREFIX}${id}`;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** bootstrapTokenSecret is kubeadm's BootstrapTokenToSecret (its data keys as Go's map orders them). */
export function bootstrapTokenSecret(t: BootstrapToken): Secret {
  const data: Record<string, string> = { 'token-id': t.id, 'token-secret': t.secret };
  if (t.description) data.description = t.description;
  if (t.expires) data.expiration = t.expires;
  for (const usage of t.usages) data[`${USAGE_PREFIX}${usage}`] = 'true';
  if (t.groups.length) data['auth-extra-groups'] = t.groups.join(',');
  const sorted = Object.fromEntries(Object.keys(data).sort().map((k) => [k, b64(data[k]!)]));
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: secretNameOf(t.id), namespace: 'kube-system' }, type: BOOTSTRAP_TOKEN_SECRET_TYPE, data: sorted };
}

/** secretData reads one data key as text ("" when absent), as bootstrapsecretutil.GetData does. */
export function secretData(secret: Secret, key: string): string {
  const v: unknown = secret.data?.[key];
  return typeof v === 'string' ? Buffer.from(v, 'base64').toString('utf8') : '';
}

/**
 * bootstrapTokenFromSecret is kubeadm's BootstrapTokenFromSecret: the token a Secret holds, or
 * the error kubeadm reports for it.
 */
export function bootstrapTokenFromSecret(secret: Secret): BootstrapToken | { error: string } {
  const name = secret.metadata.name ?? '';
  const id = secretData(secret, 'token-id');
  if (!id) return { error: `bootstrap Token Secret has no token-id data: ${name}` };
  if (name !== secretNameOf(id)) {
    return { error: `bootstrap token name is not of the form '${BOOTSTRAP_TOKEN_SECRET_PREFIX}(token-id)'. Actual: ${JSON.stringify(name)}. Expected: ${JSON.stringify(secretNameOf(id))}` };
  }
  const tokenSecret = secretData(secret, 'token-secret');
  if (!tokenSecret) return { error: `bootstrap Token Secret has no token-secret data: ${name}` };
  if (!parseToken(`${id}.${tokenSecret}`)) {
    return { error: `bootstrap Token Secret is invalid and couldn't be parsed: the bootstrap token ${JSON.stringify(`${id}.${tokenSecret}`)} was not of the form ${JSON.stringify(BOOTSTRAP_TOKEN_PATTERN)}` };
  }
  const expiration = secretData(secret, 'expiration');
  if (expiration && parseRFC3339(expiration) === undefined) {
    return { error: `can't parse expiration time of bootstrap token ${JSON.stringify(name)}: parsing time ${JSON.stringify(expiration)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(expiration)} as "2006"` };
  }
  const usages = Object.keys(secret.data ?? {}).filter((k) => k.startsWith(USAGE_PREFIX) && secretData(secret, k) === 'true')
    .map((k) => k.slice(USAGE_PREFIX.length)).sort();
  const groupsText = secretData(secret, 'auth-extra-groups');
  const description = secretData(secret, 'description');
  return {
    id, secret: tokenSecret, ...(description ? { description } : {}), ...(expiration ? { expires: expiration } : {}),
    usages, groups: groupsText ? groupsText.split(',') : [],
  };
}

/** parseRFC3339 is the time a Secret's expiration names, in ms; undefined when Go's time.Parse would fail. */
export function parseRFC3339(s: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s)) return undefined;
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? undefined : ms;
}

/** expiredAt says whether a token Secret has expired by nowMs (bootstrapsecretutil.HasExpired: expiration at or before now). */
export function expiredAt(secret: Secret, nowMs: number): boolean {
  const expiration = secretData(secret, 'expiration');
  if (!expiration) return false;
  const at = parseRFC3339(expiration);
  // An expiration that does not parse is treated as expired, as upstream does.
  return at === undefined || at <= nowMs;
}

/** isBootstrapTokenSecret: a Secret in kube-system of the bootstrap token type. */
export function isBootstrapTokenSecret(obj: KubeObject): obj is Secret {
  return obj.kind === 'Secret' && obj.metadata.namespace === 'kube-system' && (obj as Secret).type === BOOTSTRAP_TOKEN_SECRET_TYPE;
}
