import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCEPT_HOSTS, DEFAULT_ACCEPT_PATHS, DEFAULT_REJECT_METHODS, DEFAULT_REJECT_PATHS, accepts, apiPath, mountPrefix, hostOf, regexpList, type RequestFilter,
} from './request-filter';

const DEFAULTS: RequestFilter = {
  acceptHosts: regexpList(DEFAULT_ACCEPT_HOSTS), acceptPaths: regexpList(DEFAULT_ACCEPT_PATHS),
  rejectPaths: regexpList(DEFAULT_REJECT_PATHS), rejectMethods: regexpList(DEFAULT_REJECT_METHODS),
};

describe('kubectl proxy request filter', () => {
  it('forwards API requests from loopback hosts and refuses exec and attach', () => {
    expect(accepts(DEFAULTS, 'GET', '/api/v1/namespaces/default/pods', 'localhost')).toBe(true);
    expect(accepts(DEFAULTS, 'GET', '/version', '127.0.0.1')).toBe(true);
    expect(accepts(DEFAULTS, 'POST', '/api/v1/namespaces/default/pods/web/exec', '127.0.0.1')).toBe(false);
    expect(accepts(DEFAULTS, 'GET', '/api/v1/namespaces/default/pods/web/attach', '127.0.0.1')).toBe(false);
    expect(accepts(DEFAULTS, 'GET', '/api/v1/pods', 'evil.example.com')).toBe(false);
  });

  it('takes the host from the Host header as net.SplitHostPort does', () => {
    expect(hostOf('localhost:8001')).toBe('localhost');
    expect(hostOf('[::1]:8001')).toBe('::1');
    // Where SplitHostPort fails (no port, too many colons) the header is the host, as kubectl 1.32's extractHost has it:
    // curl over --unix-socket sends "Host: localhost", which the default filter accepts.
    expect(hostOf('localhost')).toBe('localhost');
    expect(hostOf('[::1]')).toBe('[::1]');
    expect(hostOf('::1')).toBe('::1');
    expect(hostOf('')).toBe('');
    expect(accepts(DEFAULTS, 'GET', '/api', hostOf('localhost'))).toBe(true);
    expect(accepts(DEFAULTS, 'GET', '/api', hostOf('[::1]'))).toBe(true);
    expect(accepts(DEFAULTS, 'GET', '/api', hostOf('::1'))).toBe(false);
    expect(accepts(DEFAULTS, 'GET', '/api', hostOf(''))).toBe(false);
  });

  it('splits comma-separated expressions and refuses a bad one', () => {
    expect(regexpList('')).toEqual([]);
    expect(regexpList('^a$,^b$').map(String)).toEqual(['/^a$/', '/^b$/']);
    expect(() => regexpList('(')).toThrow(/^error parsing regexp: /);
  });

  it('strips a prefix outside /api and keeps a leading slash', () => {
    expect(apiPath(mountPrefix('/'), '/api/v1/pods')).toBe('/api/v1/pods');
    expect(apiPath(mountPrefix('/custom'), '/custom/api/v1/pods')).toBe('/api/v1/pods');
    expect(apiPath(mountPrefix('/custom/'), '/api/v1/pods')).toBeUndefined();
    expect(apiPath(mountPrefix('/api/'), '/api/v1/pods')).toBe('/api/v1/pods');
  });
});
