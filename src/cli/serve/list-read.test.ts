import { describe, expect, it } from 'vitest';
import { ApiError } from '../../apiserver/errors';
import { cacheWaitsFor, encodeContinue, getRead, listRead } from './list-read';
import { statusOf } from './status';

const plan = (query: string, current = 100) => listRead(new URLSearchParams(query), current);
const failure = (query: string, current = 100) => {
  try {
    plan(query, current);
  } catch (e) {
    if (e instanceof ApiError) return statusOf(e);
    throw e;
  }
  throw new Error(`no failure for ${query}`);
};

describe('listRead: kube-apiserver v1.32 list resourceVersion semantics', () => {
  it('reads the newest state for unset, "0" and NotOlderThan; at the revision for Exact and a legacy paged version', () => {
    expect(plan('')).toEqual({ limit: 0, fromContinue: false });
    expect(plan('limit=5')).toEqual({ limit: 5, fromContinue: false });
    // The watch cache serves "0" whole, whatever the limit.
    expect(plan('resourceVersion=0&limit=5')).toEqual({ limit: 0, fromContinue: false });
    expect(plan('resourceVersion=40')).toEqual({ limit: 0, fromContinue: false });
    expect(plan('resourceVersion=40&resourceVersionMatch=NotOlderThan&limit=5')).toEqual({ limit: 5, fromContinue: false });
    expect(plan('resourceVersion=40&resourceVersionMatch=Exact')).toEqual({ at: 40, limit: 0, fromContinue: false });
    expect(plan('resourceVersion=40&limit=5')).toEqual({ at: 40, limit: 5, fromContinue: false });
  });

  it('continues at the token\'s revision after its key, or at the newest for an inconsistent (-1) token', () => {
    expect(plan(`limit=2&continue=${encodeContinue(40, 'default/web-1')}`)).toEqual({ at: 40, after: 'default/web-1', limit: 2, fromContinue: true });
    expect(plan(`continue=${encodeContinue(-1, 'b')}`)).toEqual({ at: undefined, after: 'b', limit: 0, fromContinue: true });
    // etcd3's encoding: base64url of {"v","rv","start"} with the start key NUL-terminated.
    expect(Buffer.from(encodeContinue(40, 'a/b'), 'base64url').toString()).toBe('{"v":"meta.k8s.io/v1","rv":40,"start":"a/b\\u0000"}');
  });

  it('answers bad options and future versions as kube-apiserver does', () => {
    expect(failure('resourceVersionMatch=Exact').body).toMatchObject({ code: 422, reason: 'Invalid',
      message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided' });
    expect(failure('resourceVersion=0&resourceVersionMatch=Exact').body.message).toBe(
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"');
    expect(failure('resourceVersion=1&resourceVersionMatch=Newest').body.message).toBe(
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Unsupported value: "Newest": supported values: "Exact", "NotOlderThan", ""');
    expect(failure(`resourceVersion=5&continue=${encodeContinue(4, 'a')}`).body).toMatchObject({ code: 400, reason: 'BadRequest', message: 'specifying resource version is not allowed when using continue' });
    expect(failure('continue=e30').body.message).toBe('invalid continue token: continue key is not valid: server does not recognize this encoded version');
    // Go's texts for a token that is not base64url without padding, or not JSON ("bad" is the bytes "m\xa7").
    expect(failure('continue=bad').body.message).toBe("invalid continue token: continue key is not valid: invalid character 'm' looking for beginning of value");
    expect(failure('continue=e30=').body.message).toBe('invalid continue token: continue key is not valid: illegal base64 data at input byte 3');
    expect(failure('continue=eyJ2').body.message).toBe("invalid continue token: continue key is not valid: unexpected end of JSON input");
    expect(failure('continue=e32A').body.message).toBe("invalid continue token: continue key is not valid: invalid character '\\u0080' after top-level value");
    // The watch cache's answer to a version it has not reached: 504 with the cause and a retry hint.
    expect(failure('resourceVersion=150')).toEqual({ code: 504, body: {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Timeout: Too large resource version: 150, current: 100', reason: 'Timeout',
      details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 }, code: 504,
    } });
    // etcd's, for a read at a revision it has not reached (v1.32 passes it on as a 500).
    expect(failure('resourceVersion=150&resourceVersionMatch=Exact').body).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'etcdserver: mvcc: required revision is a future revision', code: 500 });
  });

  it('waits, as the watch cache, for NotOlderThan gets and lists it serves, not for those it hands to etcd', () => {
    const waits = (query: string, isList = true) => cacheWaitsFor(new URLSearchParams(query), isList);
    expect(waits('resourceVersion=40')).toBe(40);
    expect(waits('resourceVersion=40&resourceVersionMatch=NotOlderThan')).toBe(40);
    expect(waits('resourceVersion=40', false)).toBe(40);
    expect(waits('resourceVersion=40&limit=5', false)).toBe(40);
    for (const q of ['', 'resourceVersion=0', 'resourceVersion=40&limit=5', 'resourceVersion=40&resourceVersionMatch=Exact', 'resourceVersion=x', `continue=${encodeContinue(4, 'a')}`]) {
      expect(waits(q), q).toBeUndefined();
    }
    // A get at a version not reached yet is the same 504 as a list's.
    expect(() => getRead(new URLSearchParams('resourceVersion=100'), 100)).not.toThrow();
    expect(() => getRead(new URLSearchParams('resourceVersion=0'), 100)).not.toThrow();
    let status: unknown;
    try { getRead(new URLSearchParams('resourceVersion=150'), 100); } catch (e) { status = statusOf(e as ApiError).body; }
    expect(status).toMatchObject({ code: 504, message: 'Timeout: Too large resource version: 150, current: 100' });
  });
});
