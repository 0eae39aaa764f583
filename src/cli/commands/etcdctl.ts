/**
 * etcdctl: `kubemu etcdctl …` and `kubemu etcdutl …` — etcd v3.5.16's clients on the emulated
 * etcd, as the CKA's backup and restore tasks type them (`ETCDCTL_API=3 etcdctl --endpoints=…
 * --cacert=… snapshot save FILE`). Invoked through a link named etcdctl or etcdutl, kubemu is
 * that tool (entry.ts). Output and errors are etcd's: `Error: …` lines, cobrautl's exit codes,
 * zap's JSON log lines on stderr where etcdctl logs.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { keyspace } from '../../apiserver/etcd/keyspace';
import { PRIVATE_FILE, statePath } from '../../cluster/home';
import { DATA_DIR_DB } from '../../cluster/restore-state';
import { humanizeBytes, renderEtcdTable } from '../../printers/etcd-table';
import { SnapshotError, saveSnapshot, snapshotStatus, verifiedDatabase } from '../../store/sqlite/snapshot-file';
import { goQuote } from '../../api/go-quote';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { ETCD_VERSION, EXIT, connect, endpointsOf, fail, members, type EtcdMember, type TlsOptions } from './etcd-client';
import { makeDirs } from '../../cluster/make-dirs';

/** OPTIONS are etcdctl's global flags and those of the subcommands kubemu has, in one table (yargs parses them anywhere). */
export const OPTIONS = {
  endpoints: { type: 'string', default: '127.0.0.1:2379', describe: 'gRPC endpoints' },
  cacert: { type: 'string', describe: 'verify certificates of TLS-enabled secure servers using this CA bundle' },
  cert: { type: 'string', describe: 'identify secure client using this TLS certificate file' },
  key: { type: 'string', describe: 'identify secure client using this TLS key file' },
  'dial-timeout': { type: 'string', default: '2s', describe: 'dial timeout for client connections' },
  'command-timeout': { type: 'string', default: '5s', describe: 'timeout for short running command (excluding dial timeout)' },
  'write-out': { alias: 'w', type: 'string', default: 'simple', describe: 'set the output format (fields, json, protobuf, simple, table)' },
  'insecure-transport': { type: 'boolean', default: true, describe: 'disable transport security for client connections' },
  'insecure-skip-tls-verify': { type: 'boolean', default: false, describe: 'skip server certificate verification' },
  hex: { type: 'boolean', default: false, describe: 'print byte strings as hex encoded strings' },
  prefix: { type: 'boolean', default: false, describe: 'get: get keys with matching prefix' },
  'keys-only': { type: 'boolean', default: false, describe: 'get: get only the keys' },
  'print-value-only': { type: 'boolean', default: false, describe: 'get: only write values when using the "simple" output format' },
  limit: { type: 'number', default: 0, describe: 'get: maximum number of results' },
  'data-dir': { type: 'string', describe: 'snapshot restore: path to the data directory' },
  name: { type: 'string', default: 'default', describe: 'snapshot restore: human-readable name for this member' },
  'initial-cluster': { type: 'string', describe: 'snapshot restore: initial cluster configuration for restore bootstrap' },
  'initial-cluster-token': { type: 'string', describe: 'snapshot restore: initial cluster token for the etcd cluster during restore bootstrap' },
  'initial-advertise-peer-urls': { type: 'string', describe: 'snapshot restore: list of this member\'s peer URLs to advertise to the rest of the cluster' },
  'skip-hash-check': { type: 'boolean', default: false, describe: 'snapshot restore: ignore snapshot integrity hash value' },
} as const;

export type Opts = TlsOptions & {
  'write-out': string; hex: boolean; prefix: boolean; 'keys-only': boolean; 'print-value-only': boolean; limit: number;
  'data-dir'?: string; name: string; 'skip-hash-check': boolean;
};

/** zapLine is one of etcd's JSON log lines (zap's production encoder, ISO 8601 time). */
function zapLine(ctx: CommandContext, at: number, fields: Record<string, string>): void {
  const ts = new Date(at).toISOString();
  ctx.io.err(`${JSON.stringify({ level: 'info', ts, ...fields })}\n`);
}

function outputFormat(ctx: CommandContext, o: Opts, allowed: readonly string[]): string {
  const w = o['write-out'];
  if (!['fields', 'json', 'protobuf', 'simple', 'table'].includes(w)) fail(ctx, 4, 'unsupported output format');
  if (!allowed.includes(w)) fail(ctx, 4, `kubemu's etcdctl prints ${allowed.join(', ')} here, not ${w}`);
  return w;
}

/** Place turns a path the user typed into the file it names (on a node's host: under the node's folder). */
export type Place = (typed: string) => string;

function snapshotSave(ctx: CommandContext, o: Opts, args: string[], place: Place): number {
  if (args.length !== 1) fail(ctx, EXIT.badArgs, 'snapshot save expects one argument');
  const cluster = ctx.cluster();
  connect(ctx, o, members(cluster, ctx.clusterName), EXIT.interrupted);
  const file = args[0]!;
  const out = place(file);
  const endpoint = endpointsOf(o)[0]!;
  const now = cluster.clock.nowMs();
  zapLine(ctx, now, { caller: 'snapshot/v3_snapshot.go:65', msg: 'created temporary db file', path: `${file}.part` });
  zapLine(ctx, now, { logger: 'client', caller: `v3@v${ETCD_VERSION}/maintenance.go:212`, msg: 'opened snapshot stream; downloading' });
  zapLine(ctx, now, { caller: 'snapshot/v3_snapshot.go:73', msg: 'fetching snapshot', endpoint });
  let size: number;
  try {
    size = saveSnapshot(statePath(ctx.home, ctx.clusterName), out, PRIVATE_FILE);
  } catch (e) {
    return fail(ctx, EXIT.interrupted, (e as Error).message);
  }
  zapLine(ctx, now, { logger: 'client', caller: `v3@v${ETCD_VERSION}/maintenance.go:220`, msg: 'completed snapshot read; closing' });
  zapLine(ctx, now, { caller: 'snapshot/v3_snapshot.go:88', msg: 'fetched snapshot', endpoint, size: humanizeBytes(size), took: 'now' });
  zapLine(ctx, now, { caller: 'snapshot/v3_snapshot.go:97', msg: 'saved', path: file });
  ctx.io.out(`Snapshot saved at ${file}\n`);
  return 0;
}

function snapshotStatusCmd(ctx: CommandContext, o: Opts, args: string[], place: Place): number {
  if (args.length !== 1) fail(ctx, EXIT.badArgs, 'snapshot status requires exactly one argument');
  const w = outputFormat(ctx, o, ['simple', 'table', 'json']);
  const file = place(args[0]!);
  if (!fs.existsSync(file)) fail(ctx, EXIT.error, `stat ${args[0]}: no such file or directory`);
  let st;
  try {
    st = snapshotStatus(file, os.tmpdir());
  } catch (e) {
    return fail(ctx, EXIT.error, (e as Error).message);
  }
  const row = [st.hash.toString(16), String(st.revision), String(st.totalKey), humanizeBytes(st.totalSize)];
  if (w === 'table') ctx.io.out(renderEtcdTable(['hash', 'revision', 'total keys', 'total size'], [row]));
  else if (w === 'json') ctx.io.out(`${JSON.stringify(st)}\n`);
  else ctx.io.out(`${row.join(', ')}\n`);
  return 0;
}

/** snapshotRestore is etcdutl's: a new data directory holding the snapshot's database (member/snap/db) and an empty WAL folder. */
function snapshotRestore(ctx: CommandContext, o: Opts, args: string[], place: Place): number {
  if (args.length !== 1) fail(ctx, EXIT.badArgs, 'snapshot restore requires exactly one argument');
  const dataDir = o['data-dir'] ?? `${o.name}.etcd`;
  const dir = place(dataDir);
  let entries: string[] | undefined;
  try { entries = fs.readdirSync(dir); } catch (e) { if ((e as { code?: string }).code !== 'ENOENT') entries = ['?']; }
  if (entries?.length) fail(ctx, EXIT.error, `data-dir ${goQuote(dataDir)} not empty or could not be read`);
  const file = place(args[0]!);
  if (!fs.existsSync(file)) fail(ctx, EXIT.error, `stat ${args[0]}: no such file or directory`);
  let db: Buffer;
  try {
    db = o['skip-hash-check'] ? stripDigest(fs.readFileSync(file)) : verifiedDatabase(file);
  } catch (e) {
    if (e instanceof SnapshotError) return fail(ctx, EXIT.error, e.message);
    throw e;
  }
  const dbFile = path.join(dir, DATA_DIR_DB);
  // The parents a node path needs (/var/lib) exist on the node; under its folder they are made here.
  makeDirs(path.dirname(dir), 0o700);
  makeDirs(path.dirname(dbFile), 0o700);
  makeDirs(path.join(dir, 'member', 'wal'), 0o700);
  fs.chmodSync(dir, 0o700);
  fs.writeFileSync(dbFile, db, { mode: PRIVATE_FILE });
  return 0;
}

function stripDigest(bytes: Buffer): Buffer {
  return bytes.length % 512 === 32 ? bytes.subarray(0, bytes.length - 32) : bytes;
}

function get(ctx: CommandContext, o: Opts, args: string[]): number {
  if (args.length < 1 || args.length > 2) fail(ctx, EXIT.badArgs, 'get command needs one argument as key and an optional argument as range_end');
  outputFormat(ctx, o, ['simple']);
  const cluster = ctx.cluster();
  connect(ctx, o, members(cluster, ctx.clusterName), EXIT.error);
  const [key, end] = args as [string, string | undefined];
  const out: string[] = [];
  cluster.read(() => {
    let hits = keyspace(cluster.store, cluster.api.registry()).filter((e) =>
      o.prefix ? e.key.startsWith(key) : end !== undefined ? e.key >= key && e.key < end : e.key === key);
    if (o.limit > 0) hits = hits.slice(0, o.limit);
    for (const e of hits) {
      if (!o['print-value-only']) out.push(`${e.key}\n`);
      const raw = o['keys-only'] ? '' : cluster.store.rawValue(e.ref) ?? '';
      // An encrypted value is bytes; they are printed one character per byte.
      out.push(`${typeof raw === 'string' ? raw : Buffer.from(raw).toString('latin1')}\n`);
    }
  });
  ctx.io.out(out.join(''));
  return 0;
}

function memberList(ctx: CommandContext, o: Opts): number {
  const w = outputFormat(ctx, o, ['simple', 'table']);
  const cluster = ctx.cluster();
  const ms = members(cluster, ctx.clusterName);
  connect(ctx, o, ms, EXIT.error);
  const rows = ms.map((m) => [m.id, 'started', m.name, `https://${m.ip}:2380`, `https://${m.ip}:2379`, 'false']);
  ctx.io.out(w === 'table'
    ? renderEtcdTable(['ID', 'Status', 'Name', 'Peer Addrs', 'Client Addrs', 'Is Learner'], rows)
    : rows.map((r) => `${r.join(', ')}\n`).join(''));
  return 0;
}

/** took is a proposal's round trip as Go prints a Duration; derived from the revision, so output replays. */
function took(seed: number): string {
  return `${1 + (seed % 9)}.${String((seed * 7919) % 1_000_000).padStart(6, '0')}ms`;
}

function endpointHealth(ctx: CommandContext, o: Opts): number {
  const w = outputFormat(ctx, o, ['simple', 'table']);
  const cluster = ctx.cluster();
  connect(ctx, o, members(cluster, ctx.clusterName), EXIT.error);
  const rev = cluster.store.revision();
  const rows = endpointsOf(o).map((ep, i) => [ep, 'true', took(rev + i), '']);
  ctx.io.out(w === 'table'
    ? renderEtcdTable(['endpoint', 'health', 'took', 'error'], rows)
    : rows.map((r) => `${r[0]} is healthy: successfully committed proposal: took = ${r[2]}\n`).join(''));
  return 0;
}

function endpointStatus(ctx: CommandContext, o: Opts): number {
  const w = outputFormat(ctx, o, ['simple', 'table']);
  const cluster = ctx.cluster();
  const ms = members(cluster, ctx.clusterName);
  connect(ctx, o, ms, EXIT.error);
  const size = fs.statSync(statePath(ctx.home, ctx.clusterName)).size;
  const rev = cluster.store.revision();
  const rows = endpointsOf(o).map((ep) => {
    const host = /([^:/]+):\d+$/.exec(ep)?.[1];
    const m: EtcdMember = ms.find((x) => x.ip === host) ?? ms[0]!;
    return [ep, m.id, ETCD_VERSION, humanizeBytes(size), String(m === ms[0]), 'false', '2', String(rev + 4), String(rev + 4), ''];
  });
  ctx.io.out(w === 'table'
    ? renderEtcdTable(['endpoint', 'ID', 'version', 'db size', 'is leader', 'is learner', 'raft term', 'raft index', 'raft applied index', 'errors'], rows)
    : rows.map((r) => `${r.join(', ')}\n`).join(''));
  return 0;
}

/**
 * defrag is etcdctl's: the member's database is rewritten without its free pages (SQLite's
 * VACUUM; a state file from before auto-vacuum gives free pages back by itself from then on).
 */
function defrag(ctx: CommandContext, o: Opts): number {
  const cluster = ctx.cluster();
  connect(ctx, o, members(cluster, ctx.clusterName), EXIT.error);
  cluster.store.defragment();
  ctx.io.out(endpointsOf(o).map((ep) => `Finished defragmenting etcd member[${ep}]\n`).join(''));
  return 0;
}

/** VERSION_TEXT is `etcdctl version`. */
const VERSION_TEXT = `etcdctl version: ${ETCD_VERSION}\nAPI version: 3.5\n`;

/** dispatch runs the subcommand named by the first words; place maps the file paths typed. */
export function dispatch(ctx: CommandContext, o: Opts, tool: 'etcdctl' | 'etcdutl', place: Place = (p) => path.resolve(ctx.cwd, p)): number {
  const [w1, w2, ...rest] = ctx.args;
  const words = `${w1 ?? ''} ${w2 ?? ''}`.trim();
  const deprecated = (what: string) => ctx.io.err(`Deprecated: Use \`etcdutl snapshot ${what}\` instead.\n\n`);
  if (w1 === 'version') { ctx.io.out(tool === 'etcdctl' ? VERSION_TEXT : `etcdutl version: ${ETCD_VERSION}\nAPI version: 3.5\n`); return 0; }
  if (w1 === 'snapshot' && w2 === 'status') { if (tool === 'etcdctl') deprecated('status'); return snapshotStatusCmd(ctx, o, rest, place); }
  if (w1 === 'snapshot' && w2 === 'restore') { if (tool === 'etcdctl') deprecated('restore'); return snapshotRestore(ctx, o, rest, place); }
  if (tool === 'etcdctl') {
    if (w1 === 'snapshot' && w2 === 'save') return snapshotSave(ctx, o, rest, place);
    if (w1 === 'get') return get(ctx, o, ctx.args.slice(1));
    if (words === 'member list') return memberList(ctx, o);
    if (words === 'endpoint health') return endpointHealth(ctx, o);
    if (words === 'endpoint status') return endpointStatus(ctx, o);
    if (w1 === 'defrag' && w2 === undefined) return defrag(ctx, o);
  }
  const known = tool === 'etcdctl' ? 'get, snapshot save|status|restore, member list, endpoint health|status, defrag, version' : 'snapshot restore|status, version';
  return fail(ctx, EXIT.badArgs, `unknown command "${words}" for "${tool}" (kubemu's ${tool} has ${known})`);
}

/** lastOfRepeated keeps the last of a flag given twice, as pflag does (yargs collects them). */
function lastOfRepeated(opts: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(opts).map(([k, v]) => [k, Array.isArray(v) && k !== 'words' && k !== '_' ? v[v.length - 1] : v]));
}

function tool(name: 'etcdctl' | 'etcdutl', describe: string, examples: [string, string][]) {
  return ownVerb(leaf({
    command: `${name} [words..]`,
    describe,
    options: OPTIONS,
    examples,
    run: (ctx, opts) => dispatch(ctx, lastOfRepeated(opts) as unknown as Opts, name),
  }));
}

/** etcdctlCommand is `kubemu etcdctl` (or kubemu run as etcdctl). */
export const etcdctlCommand = tool('etcdctl', 'etcd v3.5\'s client on the cluster\'s etcd: snapshot save, get, member list, endpoint health|status, defrag (kubemu)', [
  ['$0 etcdctl --endpoints=https://127.0.0.1:2379 --cacert=/etc/kubernetes/pki/etcd/ca.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key snapshot save /tmp/backup.db', 'a consistent backup of the cluster\'s state'],
  ['$0 etcdctl … get /registry/secrets/default --prefix --keys-only', 'the keys kube-apiserver stores Secrets under'],
]);

/** etcdutlCommand is `kubemu etcdutl` (or kubemu run as etcdutl). */
export const etcdutlCommand = tool('etcdutl', 'etcd v3.5\'s offline tool: snapshot status and restore (kubemu)', [
  ['$0 etcdutl snapshot restore /tmp/backup.db --data-dir /var/lib/etcd-from-backup', 'a data directory holding the snapshot'],
  ['$0 etcdutl snapshot status /tmp/backup.db -w table', 'hash, revision, keys and size of a snapshot'],
]);
