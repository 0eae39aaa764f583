import { describe, expect, it } from 'vitest';
import { busyboxCandidates, libcCandidates, parseResolvConf } from './stub-resolver';

const POD = parseResolvConf('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');

describe('stub resolver search order', () => {
  it('reads a ClusterFirst pod\'s resolv.conf', () => {
    expect(POD).toEqual({ nameservers: ['10.96.0.10'], search: ['default.svc.cluster.local', 'svc.cluster.local', 'cluster.local'], ndots: 5 });
  });

  it.each([
    ['a short name tries the search list first', 'web', ['web.default.svc.cluster.local.', 'web.svc.cluster.local.', 'web.cluster.local.', 'web.']],
    ['fewer than ndots dots still searches first', 'web.other', ['web.other.default.svc.cluster.local.', 'web.other.svc.cluster.local.', 'web.other.cluster.local.', 'web.other.']],
    ['ndots dots or more tries the name first', 'a.b.c.d.e.f', ['a.b.c.d.e.f.', 'a.b.c.d.e.f.default.svc.cluster.local.', 'a.b.c.d.e.f.svc.cluster.local.', 'a.b.c.d.e.f.cluster.local.']],
    ['a trailing dot is absolute', 'web.default.svc.cluster.local.', ['web.default.svc.cluster.local.']],
  ])('libc: %s', (_n, name, want) => {
    expect(libcCandidates(name, POD)).toEqual(want);
  });

  it.each([
    ['a name without a dot gets every search domain', 'web', ['web.default.svc.cluster.local', 'web.svc.cluster.local', 'web.cluster.local']],
    ['a name with a dot is asked as it is', 'web.default', ['web.default']],
  ])('busybox: %s', (_n, name, want) => {
    expect(busyboxCandidates(name, POD)).toEqual(want);
  });
});
