import { describe, expect, it } from 'vitest';
import { ApiError } from '../../apiserver/errors';
import { watchListOptions } from './watch-options';

const options = (query: string) => watchListOptions(new URLSearchParams(query));
const message = (query: string) => {
  try {
    options(query);
  } catch (e) {
    if (e instanceof ApiError) return `${e.code} ${e.message}`;
    throw e;
  }
  return 'accepted';
};

describe('watchListOptions: validateWatchOptions of kube-apiserver v1.32 (WatchList on)', () => {
  it('says whether the watch sends initial events', () => {
    expect(options('resourceVersion=5')).toBeUndefined();
    expect(options('sendInitialEvents=true&resourceVersionMatch=NotOlderThan')).toBe(true);
    expect(options('sendInitialEvents=false&resourceVersionMatch=NotOlderThan')).toBe(false);
  });

  it('refuses what apimachinery refuses, with its texts', () => {
    expect(message('sendInitialEvents=true')).toBe(
      '422 ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan');
    expect(message('resourceVersion=5&resourceVersionMatch=NotOlderThan')).toBe(
      '422 ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided');
    expect(message('sendInitialEvents=true&resourceVersionMatch=Exact')).toBe(
      '422 ListOptions.meta.k8s.io "" is invalid: [resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"]');
  });
});
