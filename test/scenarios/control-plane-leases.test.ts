/**
 * The control plane's Leases in kube-system, through the real CLI: kube-scheduler's and
 * kube-controller-manager's leader election (renewed every 2 s while they run, frozen while
 * they are down, taken back from another holder once its lease lapses, with their
 * LeaderElection events) and each kube-apiserver's identity Lease (renewed every 10 s, made
 * again when deleted, its labels put back).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const SCHEDULER_HOLDER = /^control01_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('control-plane leases', () => {
  const home = manualCluster('leases', 11);
  afterAll(() => home.cleanup());
  const spec = (name: string) => JSON.parse(home.run(['get', 'lease', '-n', 'kube-system', name, '-o', 'jsonpath={.spec}']).stdout);
  const ok = (cmd: string | string[]) => {
    const r = home.run(cmd);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r.stdout;
  };

  it('holds a new kubeadm cluster\'s three Leases, the leaders\' with their LeaderElection events', () => {
    const out = ok('get lease -n kube-system');
    const rows = out.trimEnd().split('\n').map((l) => l.split(/\s+/));
    expect(rows.map((r) => r[0])).toEqual(['NAME', 'apiserver-y3npz54xhhlxpa4nho2ova3bui', 'kube-controller-manager', 'kube-scheduler']);
    expect(rows[1]![1]).toMatch(/^apiserver-y3npz54xhhlxpa4nho2ova3bui_[0-9a-f-]{36}$/);
    expect(rows[3]![1]).toMatch(SCHEDULER_HOLDER);
    expect(rows[2]![1]).not.toBe(rows[3]![1]);
    expect(ok('get lease -n kube-system -l apiserver.kubernetes.io/identity=kube-apiserver -o name')).toBe('lease.coordination.k8s.io/apiserver-y3npz54xhhlxpa4nho2ova3bui\n');
    expect(ok('get lease -n kube-system apiserver-y3npz54xhhlxpa4nho2ova3bui -o jsonpath={.metadata.labels}')).toBe('{"apiserver.kubernetes.io/identity":"kube-apiserver","kubernetes.io/hostname":"control01"}');
    expect(spec('kube-scheduler')).toEqual({
      acquireTime: '2026-01-01T00:00:00.000000Z', holderIdentity: rows[3]![1], leaseDurationSeconds: 15, leaseTransitions: 0,
      renewTime: '2026-01-01T00:05:00.000000Z',
    });
    const events = ok('get events -n kube-system --field-selector reason=LeaderElection -o custom-columns=OBJ:.involvedObject.name,FROM:.source.component,MSG:.message --no-headers');
    expect(events.trimEnd().split('\n').map((l) => l.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      `kube-controller-manager kube-controller-manager ${rows[2]![1]}`,
      `kube-scheduler default-scheduler ${rows[3]![1]}`,
    ]);
  });

  it('renews on their grids while the holders run: 2 s for the leaders, 10 s for the API server', () => {
    ok('tick 9s');
    expect(spec('kube-scheduler').renewTime).toBe('2026-01-01T00:05:08.000000Z');
    expect(spec('apiserver-y3npz54xhhlxpa4nho2ova3bui').renewTime).toBe('2026-01-01T00:05:00.000000Z');
    ok('tick 1s');
    expect(spec('apiserver-y3npz54xhhlxpa4nho2ova3bui').renewTime).toBe('2026-01-01T00:05:10.000000Z');
  });

  it('keeps a stopped scheduler\'s last renewal, and renews as soon as it starts again', () => {
    ok('tick 1s'); // 00:05:11
    expect(ok('scheduler stop')).toBe('scheduler stopped\n');
    ok('tick 1m');
    expect(spec('kube-scheduler').renewTime).toBe('2026-01-01T00:05:10.000000Z');
    expect(spec('kube-controller-manager').renewTime).toBe('2026-01-01T00:06:10.000000Z');
    expect(ok('scheduler start')).toBe('scheduler started\n');
    const s = spec('kube-scheduler');
    expect([s.renewTime, s.acquireTime, s.leaseTransitions]).toEqual(['2026-01-01T00:06:11.000000Z', '2026-01-01T00:00:00.000000Z', 0]);
    ok('tick 2s');
    expect(spec('kube-scheduler').renewTime).toBe('2026-01-01T00:06:13.000000Z');
  });

  it('freezes kube-controller-manager\'s lease while its manifest is away', () => {
    ok(['ssh', 'control01', '--', 'mv /etc/kubernetes/manifests/kube-controller-manager.yaml /root/']);
    ok('tick 30s');
    expect(spec('kube-controller-manager').renewTime).toBe('2026-01-01T00:06:12.000000Z');
    ok(['ssh', 'control01', '--', 'mv /root/kube-controller-manager.yaml /etc/kubernetes/manifests/']);
    expect(spec('kube-controller-manager').renewTime).toBe('2026-01-01T00:06:43.000000Z');
  });

  it('takes its lease back from another holder once that holder\'s lease has lapsed', () => {
    const mine = spec('kube-scheduler').holderIdentity;
    ok(['patch', 'lease', '-n', 'kube-system', 'kube-scheduler', '--type', 'merge', '-p', '{"spec":{"holderIdentity":"intruder"}}']);
    ok('tick 14s');
    expect(spec('kube-scheduler')).toMatchObject({ holderIdentity: 'intruder', renewTime: '2026-01-01T00:06:43.000000Z', leaseTransitions: 0 });
    ok('tick 1s');
    expect(spec('kube-scheduler')).toMatchObject({
      holderIdentity: mine, acquireTime: '2026-01-01T00:06:58.000000Z', renewTime: '2026-01-01T00:06:58.000000Z', leaseTransitions: 1,
    });
    expect(ok('get events -n kube-system --field-selector involvedObject.name=kube-scheduler,reason=LeaderElection -o jsonpath={.items[*].count}')).toBe('2');
  });

  it('makes a deleted lease again under a new uid, and puts back an identity lease\'s labels', () => {
    const before = ok('get lease -n kube-system kube-scheduler apiserver-y3npz54xhhlxpa4nho2ova3bui -o jsonpath={.items[*].metadata.uid}');
    expect(ok('delete lease -n kube-system kube-scheduler apiserver-y3npz54xhhlxpa4nho2ova3bui')).toBe(
      'lease.coordination.k8s.io "kube-scheduler" deleted\nlease.coordination.k8s.io "apiserver-y3npz54xhhlxpa4nho2ova3bui" deleted\n');
    const after = ok('get lease -n kube-system kube-scheduler apiserver-y3npz54xhhlxpa4nho2ova3bui -o jsonpath={.items[*].metadata.uid}');
    expect(after.split(' ')).toHaveLength(2);
    expect(after.split(' ').filter((u) => before.split(' ').includes(u))).toEqual([]);
    expect(spec('kube-scheduler')).toMatchObject({ acquireTime: '2026-01-01T00:06:58.000000Z', leaseTransitions: 0 });
    ok(['label', 'lease', '-n', 'kube-system', 'apiserver-y3npz54xhhlxpa4nho2ova3bui', 'apiserver.kubernetes.io/identity-', 'kubernetes.io/hostname=elsewhere', '--overwrite']);
    expect(ok('get lease -n kube-system -l apiserver.kubernetes.io/identity=kube-apiserver -o jsonpath={.items[*].metadata.labels.kubernetes\\.io/hostname}')).toBe('control01');
  });
});

describe('control-plane leases of a cluster with three control planes', () => {
  const home = manualCluster('leasesha', 11, '--control-planes 3 --workers 1');
  afterAll(() => home.cleanup());

  it('has one identity lease per API server and the leaders on the first control plane', () => {
    const r = home.run('get lease -n kube-system -o custom-columns=NAME:.metadata.name,HOST:.metadata.labels.kubernetes\\.io/hostname,HOLDER:.spec.holderIdentity --sort-by=.metadata.name');
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split('\n').slice(1).map((l) => l.split(/\s+/));
    expect(rows.filter((row) => row[1] !== '<none>').map((row) => [row[0], row[1]]).sort((a, b) => a[1]!.localeCompare(b[1]!))).toEqual([
      ['apiserver-y3npz54xhhlxpa4nho2ova3bui', 'control01'],
      ['apiserver-7lca2qydtrk7ijcfq34wgnhpge', 'control02'],
      [expect.stringMatching(/^apiserver-[a-z2-7]{26}$/), 'control03'],
    ]);
    expect(rows.filter((row) => row[1] === '<none>').map((row) => [row[0], row[2]!.split('_')[0]])).toEqual([
      ['kube-controller-manager', 'control01'], ['kube-scheduler', 'control01'],
    ]);
  });
});
