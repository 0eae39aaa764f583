/**
 * list-read: which state a list request reads, as kube-apiserver v1.32 decides it from
 * resourceVersion, resourceVersionMatch, limit and continue. Requests its watch cache serves
 * read the newest state (resourceVersion unset, "0", or NotOlderThan without a limit) and
 * ignore limit for "0"; requests it hands to etcd (Exact, a legacy resourceVersion with a
 * limit, a continue token) read at a revision and page. Continue tokens are etcd3's: the
 * revision of the first page and the key to start after, so every page shows one snapshot
 * and a token whose revision was compacted is 410 with a token that goes on at the newest.
 */
import { ApiError, badRequest, invalid, type StatusCause } from '../../apiserver/errors';
import { DetailedStatusError } from './status';
import { decodeBase64, RAW_URL_ENCODING } from '../../api/go-base64';
import { unmarshalSyntaxError } from '../../yaml/json-stream';

/** ListRead is the plan for one list: the revision to read (undefined: the newest), where to start, and paging. */
export interface ListRead {
  /** at is the revision a delegated read lists at; undefined reads the newest state. */
  at?: number;
  /** after is the key ("ns/name" or "name") the page starts after (a continue token's). */
  after?: string;
  /** limit pages the list (0: all). */
  limit: number;
  /** fromContinue: a continue token asked for this read (its 410 carries a new token). */
  fromContinue: boolean;
}

interface ContinueToken { v?: string; rv?: number; start?: string }

/** encodeContinue is etcd3's token: base64url of {"v","rv","start"}, start being the key after the last one returned. */
export function encodeContinue(rv: number, lastKey: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: `${lastKey}\u0000` })).toString('base64url');
}

/** decodeContinue is storage.DecodeContinue: base64url without padding, then JSON, with Go's texts for either failing. */
function decodeContinue(token: string): { rv: number; after: string } {
  const invalidToken = (why: string) => badRequest(`invalid continue token: continue key is not valid: ${why}`);
  let bytes: Buffer;
  try {
    bytes = decodeBase64(token, RAW_URL_ENCODING);
  } catch (e) {
    throw invalidToken((e as Error).message);
  }
  const syntax = unmarshalSyntaxError(bytes);
  if (syntax) throw invalidToken(syntax);
  const c = JSON.parse(bytes.toString('utf8')) as ContinueToken | null;
  if (c?.v !== 'meta.k8s.io/v1') throw invalidToken('server does not recognize this encoded version');
  if (!c.rv) throw invalidToken('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (!c.start) throw invalidToken('encoded start key empty (version meta.k8s.io/v1)');
  return { rv: c.rv, after: c.start.replace(/\u0000$/, '') };
}

/** validateListOptions is apimachinery's ValidateListOptions for a list: 422 Invalid on ListOptions. */
function validateListOptions(q: URLSearchParams): void {
  const match = q.get('resourceVersionMatch') ?? '';
  const causes: StatusCause[] = [];
  const field = 'resourceVersionMatch';
  if (match) {
    if (!q.get('resourceVersion')) causes.push({ field, message: 'Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided' });
    if (q.get('continue')) causes.push({ field, message: 'Forbidden: resourceVersionMatch is forbidden when continue is provided' });
    if (match !== 'Exact' && match !== 'NotOlderThan') causes.push({ field, message: `Unsupported value: "${match}": supported values: "Exact", "NotOlderThan", ""` });
    if (match === 'Exact' && q.get('resourceVersion') === '0') causes.push({ field, message: 'Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"' });
  }
  if (q.has('sendInitialEvents')) causes.push({ field: 'sendInitialEvents', message: 'Forbidden: sendInitialEvents is forbidden for list' });
  if (causes.length) throw invalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', causes);
}

/** futureRevision is what etcd answers a read at a revision it has not reached (a 500 in v1.32). */
function futureRevision(): ApiError {
  return new ApiError('', 500, 'etcdserver: mvcc: required revision is a future revision');
}

/** tooLargeResourceVersion is storage.NewTooLargeResourceVersionError: 504 Timeout with its cause. */
export function tooLargeResourceVersion(wanted: number, current: number, retryAfterSeconds: number): ApiError {
  return new DetailedStatusError('Timeout', 504, `Timeout: Too large resource version: ${wanted}, current: ${current}`,
    { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds });
}

/** inconsistentContinue is etcd3's 410 for a continue token whose revision was compacted: it offers a token at the newest state. */
export function inconsistentContinue(after: string): ApiError {
  return new DetailedStatusError('Expired', 410, 'The provided continue parameter is too old to display a consistent list result. '
    + 'You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. '
    + 'Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  { continue: encodeContinue(-1, after) });
}

function parseRevision(rv: string): number {
  const n = Number(rv);
  if (!/^\d+$/.test(rv) || !Number.isSafeInteger(n)) throw badRequest(`invalid resource version: resourceVersion: Invalid value: "${rv}": strconv.ParseUint: parsing "${rv}": invalid syntax`);
  return n;
}

/** FRESH_WAIT_MS is how long the watch cache waits for a revision it has not reached before the 504 (its blockTimeout). */
export const FRESH_WAIT_MS = 3000;

/**
 * cacheWaitsFor is the revision kube-apiserver's watch cache would wait for before answering a
 * read: a get or a list it serves (not one it hands to etcd) whose resourceVersion is a
 * version other than "0" (NotOlderThan). Undefined when the read waits for nothing; an
 * unparsable version is left to the read's own validation.
 */
export function cacheWaitsFor(q: URLSearchParams, isList: boolean): number | undefined {
  const rv = q.get('resourceVersion') ?? '';
  if (rv === '' || rv === '0' || !/^\d+$/.test(rv) || !Number.isSafeInteger(Number(rv))) return undefined;
  if (isList) {
    const match = q.get('resourceVersionMatch') ?? '';
    const limit = Math.max(0, Math.trunc(Number(q.get('limit') ?? 0)) || 0);
    if (q.get('continue') || match === 'Exact' || limit > 0) return undefined;
  }
  return Number(rv);
}

/** getRead checks a get's resourceVersion against the store's current revision: a version not reached yet is the watch cache's 504. */
export function getRead(q: URLSearchParams, current: number): void {
  const rv = q.get('resourceVersion') ?? '';
  if (rv === '' || rv === '0') return;
  const wanted = parseRevision(rv);
  if (wanted > current) throw tooLargeResourceVersion(wanted, current, 1);
}

/** listRead plans a list against the store's current revision, or throws the Status kube-apiserver answers. */
export function listRead(q: URLSearchParams, current: number): ListRead {
  validateListOptions(q);
  const rv = q.get('resourceVersion') ?? '';
  const match = q.get('resourceVersionMatch') ?? '';
  const limit = Math.max(0, Math.trunc(Number(q.get('limit') ?? 0)) || 0);
  const token = q.get('continue');
  if (token) {
    if (rv !== '' && rv !== '0') throw badRequest('specifying resource version is not allowed when using continue');
    const c = decodeContinue(token);
    if (c.rv > current) throw futureRevision();
    return { at: c.rv > 0 ? c.rv : undefined, after: c.after, limit, fromContinue: true };
  }
  if (rv === '') return { limit, fromContinue: false };
  // The watch cache serves "0" whole: it does not page.
  if (rv === '0') return { limit: 0, fromContinue: false };
  const wanted = parseRevision(rv);
  if (match === 'Exact' || (match === '' && limit > 0)) {
    if (wanted > current) throw futureRevision();
    return { at: wanted, limit, fromContinue: false };
  }
  // NotOlderThan: etcd when paging (no retry hint), else the watch cache, which would wait for the revision first.
  if (wanted > current) throw tooLargeResourceVersion(wanted, current, limit > 0 ? 0 : 1);
  return { limit: limit > 0 ? limit : 0, fromContinue: false };
}
