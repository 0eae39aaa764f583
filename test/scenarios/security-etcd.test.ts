import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store';
import { addonPath } from '../../src/store/sqlite/addon-path';

const TLS = '--endpoints=https://127.0.0.1:2379 --cacert=/etc/kubernetes/pki/etcd/ca.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key';

describe('etcd snapshot and restore', () => {
  const home = manualCluster('lab', 7, '--workers 1');
  afterAll(() => home.cleanup());
  const state = path.join(home.dir, 'clusters', 'lab', 'state.db');

  it('snapshot save prints etcdctl v3.5\'s line on stdout and its zap log on stderr; the file is owner-only', () => {
    expect(home.run('create configmap keep --from-literal=a=b').code).toBe(0);
    const r = home.run(`etcdctl ${TLS} snapshot save snap.db`);
    expect(r.stdout).toBe('Snapshot saved at snap.db\n');
    expect(r.code).toBe(0);
    const logs = r.stderr.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
    expect(logs.map((l) => l.msg)).toEqual(['created temporary db file', 'opened snapshot stream; downloading', 'fetching snapshot',
      'completed snapshot read; closing', 'fetched snapshot', 'saved']);
    expect(logs[0]).toMatchObject({ level: 'info', caller: 'snapshot/v3_snapshot.go:65', path: 'snap.db.part' });
    const file = path.join(home.dir, 'snap.db');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // etcd's rule for a snapshot with its digest: 32 bytes past a multiple of 512.
    expect(fs.statSync(file).size % 512).toBe(32);
  });

  it('snapshot status -w table prints etcdutl\'s table (and etcdctl its deprecation notice)', () => {
    const r = home.run('etcdctl snapshot status snap.db -w table');
    expect(r.stderr).toBe('Deprecated: Use `etcdutl snapshot status` instead.\n\n');
    const simple = home.run('etcdutl snapshot status snap.db').stdout;
    expect(simple).toMatch(/^[0-9a-f]+, \d+, \d+, \d+ kB\n$/);
    // The hash is printed with %x, so its column is as wide as this snapshot's digest (tablewriter centres the header).
    const [hash, revision, keys, size] = simple.trim().split(', ');
    const cell = (text: string, width: number, centred: boolean) => {
      const pad = width - text.length;
      return centred ? ' '.repeat(Math.floor(pad / 2)) + text + ' '.repeat(pad - Math.floor(pad / 2)) : ' '.repeat(pad) + text;
    };
    const widths = [Math.max(4, hash.length), 8, 10, Math.max(10, size.length)];
    const row = (cells: string[], centred: boolean) => `| ${cells.map((c, i) => cell(c, widths[i], centred || i === 0)).join(' | ')} |`;
    const rule = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
    expect(r.stdout).toBe([rule, row(['HASH', 'REVISION', 'TOTAL KEYS', 'TOTAL SIZE'], true), rule, row([hash, revision, keys, size], false), rule, ''].join('\n'));
  });

  it('restore brings the old objects back byte for byte and drops later ones', () => {
    const before = home.run('get configmap keep -o yaml').stdout;
    expect(home.run('delete configmap keep').code).toBe(0);
    expect(home.run('create configmap later --from-literal=x=y').code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
    expect(home.run('etcdutl snapshot restore snap.db --data-dir restored')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(fs.existsSync(path.join(home.dir, 'restored', 'member', 'snap', 'db'))).toBe(true);
    expect(home.run('etcdutl snapshot restore snap.db --data-dir restored')).toEqual({ code: 1, stdout: '', stderr: 'Error: data-dir "restored" not empty or could not be read\n' });
    expect(home.run('cluster restore lab --data-dir restored').stdout).toBe('cluster/lab restored\n');
    expect(home.run('get configmap keep -o yaml').stdout).toBe(before);
    expect(home.run('get configmap later')).toMatchObject({ code: 1, stderr: 'Error from server (NotFound): configmaps "later" not found\n' });
    // The clock was not turned back.
    expect(home.run('get configmap keep').stdout).toMatch(/keep +1 +30s\n/);
  });

  it('restore refuses a damaged snapshot with etcdutl\'s digest error', () => {
    const file = path.join(home.dir, 'snap.db');
    const bytes = fs.readFileSync(file);
    bytes[5000] ^= 0xff;
    fs.writeFileSync(path.join(home.dir, 'bad.db'), bytes);
    const r = home.run('etcdutl snapshot restore bad.db --data-dir other');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error: expected sha256 \[(\d+ ){31}\d+\], got \[(\d+ ){31}\d+\]\n$/);
    fs.writeFileSync(path.join(home.dir, 'short.db'), bytes.subarray(0, bytes.length - 32));
    expect(home.run('etcdutl snapshot restore short.db --data-dir other2').stderr).toBe('Error: snapshot missing hash but --skip-hash-check=false\n');
    expect(home.run('cluster restore lab --from-snapshot bad.db').stderr).toMatch(/^error: expected sha256 /);
  });

  it('a snapshot taken while another process writes holds only what was committed', () => {
    const writer = openSqliteStore(state);
    try {
      writer.transaction(() => {
        writer.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'uncommitted', namespace: 'default', uid: 'u-1' } });
        expect(home.run(`etcdctl ${TLS} snapshot save during.db`).code).toBe(0);
      });
    } finally {
      writer.close();
    }
    expect(home.run('get configmap uncommitted').code).toBe(0);
    expect(home.run('etcdutl snapshot restore during.db --data-dir during').code).toBe(0);
    const restored = openSqliteStore(path.join(home.dir, 'during', 'member', 'snap', 'db'));
    try {
      expect(restored.integrityCheck()).toEqual(['ok']);
      expect(restored.get({ kind: 'ConfigMap', namespace: 'default', name: 'uncommitted' })).toBeUndefined();
      expect(restored.get({ kind: 'ConfigMap', namespace: 'default', name: 'keep' })).toBeDefined();
    } finally {
      restored.close();
    }
  });

  it('get lists kube-apiserver\'s keys and prints a value', () => {
    const keys = home.run(`etcdctl ${TLS} get /registry/ --prefix --keys-only`).stdout.split('\n').filter(Boolean);
    expect(keys).toContain('/registry/configmaps/default/keep');
    expect(keys).toContain('/registry/minions/control01');
    expect(keys).toContain('/registry/services/specs/default/kubernetes');
    expect(keys).toContain('/registry/services/endpoints/default/kubernetes');
    expect(keys).toContain('/registry/namespaces/kube-system');
    expect(keys.filter((k) => k.startsWith('/registry/deployments/kube-system/'))).toEqual(['/registry/deployments/kube-system/coredns']);
    expect([...keys].sort()).toEqual(keys);
    const one = home.run(`etcdctl ${TLS} get /registry/configmaps/default/keep`).stdout.split('\n');
    expect(one[0]).toBe('/registry/configmaps/default/keep');
    expect(JSON.parse(one[1]!)).toMatchObject({ kind: 'ConfigMap', data: { a: 'b' } });
    // --keys-only prints each key followed by an empty value line, as etcdctl does.
    expect(home.run(`etcdctl ${TLS} get /registry/configmaps/default/keep --keys-only`).stdout).toBe('/registry/configmaps/default/keep\n\n');
  });

  it('member list, endpoint health and endpoint status', () => {
    expect(home.run(`etcdctl ${TLS} member list`).stdout).toMatch(/^[0-9a-f]+, started, control01, https:\/\/(\S+):2380, https:\/\/\1:2379, false\n$/);
    const table = home.run(`etcdctl ${TLS} member list -w table`).stdout.split('\n');
    expect(table[1]).toMatch(/^\| +ID +\| STATUS  \|   NAME    \| +PEER ADDRS +\| +CLIENT ADDRS +\| IS LEARNER \|$/);
    expect(home.run(`etcdctl ${TLS} endpoint health`).stdout).toMatch(/^https:\/\/127\.0\.0\.1:2379 is healthy: successfully committed proposal: took = \d\.\d{6}ms\n$/);
    expect(home.run(`etcdctl ${TLS} endpoint status`).stdout).toMatch(/^https:\/\/127\.0\.0\.1:2379, [0-9a-f]+, 3\.5\.16, \d+ kB, true, false, 2, \d+, \d+, \n$/);
    expect(home.run(`etcdctl ${TLS} endpoint status -w table`).stdout.split('\n')[1]).toBe(
      '|        ENDPOINT        |        ID        | VERSION | DB SIZE | IS LEADER | IS LEARNER | RAFT TERM | RAFT INDEX | RAFT APPLIED INDEX | ERRORS |');
  });

  it('defrag gives a state file\'s free pages back, and one from before auto-vacuum gives them back by itself from then on', () => {
    // What an older kubemu left: no auto-vacuum, and free pages (a dropped table's).
    const db = new Database(state, { nativeBinding: addonPath() });
    db.exec("PRAGMA auto_vacuum = NONE; VACUUM; CREATE TABLE junk AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20) SELECT randomblob(200000) AS b FROM n; DROP TABLE junk;");
    const before = { mode: db.pragma('auto_vacuum', { simple: true }), free: db.pragma('freelist_count', { simple: true }) as number };
    db.close();
    expect(before.mode).toBe(0);
    expect(before.free).toBeGreaterThan(200);
    const size = fs.statSync(state).size;
    expect(home.run(`etcdctl ${TLS} defrag`)).toEqual({ code: 0, stdout: 'Finished defragmenting etcd member[https://127.0.0.1:2379]\n', stderr: '' });
    const after = new Database(state, { readonly: true, nativeBinding: addonPath() });
    expect([after.pragma('auto_vacuum', { simple: true }), after.pragma('freelist_count', { simple: true })]).toEqual([2, 0]);
    after.close();
    expect(fs.statSync(state).size).toBeLessThan(size - 200 * 16384);
    expect(home.run('get nodes --no-headers').stdout).toMatch(/^control01 /);
  });

  it('checks TLS files and needs a client certificate, as etcdctl and kubeadm\'s etcd do', () => {
    expect(home.run('etcdctl --cacert=/etc/kubernetes/pki/etcd/nope.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key member list'))
      .toEqual({ code: 128, stdout: '', stderr: 'Error: open /etc/kubernetes/pki/etcd/nope.crt: no such file or directory\n' });
    expect(home.run('etcdctl --cert=/etc/kubernetes/pki/etcd/server.crt member list'))
      .toEqual({ code: 128, stdout: '', stderr: 'Error: KeyFile and CertFile must both be present[key: , cert: /etc/kubernetes/pki/etcd/server.crt]\n' });
    expect(home.run('etcdctl snapshot save x.db')).toEqual({ code: 5, stdout: '', stderr: 'Error: context deadline exceeded\n' });
    expect(home.run(`etcdctl ${TLS} --endpoints=https://127.0.0.1:2380 endpoint health`)).toMatchObject({ code: 1, stderr: 'Error: context deadline exceeded\n' });
    expect(fs.existsSync(path.join(home.dir, 'x.db'))).toBe(false);
  });
});
