import { describe, expect, it } from 'vitest';
import { dirView, expandPathname, hasGlob } from './shell-glob';

const view = dirView([
  '/etc/kubernetes/manifests/etcd.yaml', '/etc/kubernetes/manifests/kube-apiserver.yaml', '/etc/kubernetes/manifests/kube-scheduler.yaml',
  '/etc/kubernetes/pki/ca.crt', '/etc/kubernetes/pki/ca.key', '/etc/kubernetes/pki/etcd/ca.crt', '/root/.bashrc', '/root/notes.txt', '/root/empty/',
], ['etc', 'root', 'tmp']);

describe('pathname expansion', () => {
  it.each([
    ['/etc/kubernetes/manifests/*.yaml', '/', ['/etc/kubernetes/manifests/etcd.yaml', '/etc/kubernetes/manifests/kube-apiserver.yaml', '/etc/kubernetes/manifests/kube-scheduler.yaml']],
    ['/etc/kubernetes/pki/*.crt', '/', ['/etc/kubernetes/pki/ca.crt']],
    ['/etc/kubernetes/pki/*/ca.*', '/', ['/etc/kubernetes/pki/etcd/ca.crt']],
    ['kube-*', '/etc/kubernetes/manifests', ['kube-apiserver.yaml', 'kube-scheduler.yaml']],
    ['../pki/ca.?r?', '/etc/kubernetes/manifests', ['../pki/ca.crt']],
    ['[ek]*d.yaml', '/etc/kubernetes/manifests', ['etcd.yaml']],
    ['[!e]*', '/etc/kubernetes/manifests', ['kube-apiserver.yaml', 'kube-scheduler.yaml']],
    ['*', '/root', ['empty', 'notes.txt']],
    ['.*', '/root', ['.bashrc']],
    ['/*', '/', ['/etc', '/root', '/tmp']],
  ])('%s in %s', (pattern, cwd, words) => {
    expect(expandPathname(pattern, cwd, view)).toEqual(words);
  });

  it('leaves a pattern that matches nothing to the caller, and quoted characters are not patterns', () => {
    expect(expandPathname('/etc/*.nothing', '/', view)).toBeUndefined();
    expect(expandPathname('/etc/kubernetes/pki/ca\\*', '/', view)).toBeUndefined();
    expect(hasGlob('a\\*b')).toBe(false);
    expect(hasGlob('[')).toBe(false);
    expect(hasGlob('x[ab]')).toBe(true);
  });
});
