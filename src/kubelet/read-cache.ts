/**
 * read-cache: an ApiClient whose get, tryGet and list answers are remembered for the length of
 * one read-only computation — a log read re-runs a client's loop round by round, and each round
 * resolves the same Service, endpoints and pods again; decoding them from the store every time
 * cost a millisecond a round. The objects returned are shared: callers must not change them,
 * and nothing may be written through the cache.
 */
import type { ApiClient } from '../apiserver/client';

/** withReadCache wraps api so repeated reads of the same object or list decode it once. */
export function withReadCache(api: ApiClient): ApiClient {
  const memo = new Map<string, unknown>();
  const cached = (name: 'get' | 'tryGet' | 'list') => (...args: unknown[]) => {
    const key = `${name}\u0000${JSON.stringify(args)}`;
    if (memo.has(key)) return memo.get(key);
    const value = (api[name] as (...a: unknown[]) => unknown)(...args);
    memo.set(key, value);
    return value;
  };
  const reads: Record<string, unknown> = { get: cached('get'), tryGet: cached('tryGet'), list: cached('list') };
  return new Proxy(api, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in reads) return reads[prop];
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
