/**
 * snapshot-file: etcd's snapshot format on a kubemu state file. `etcdctl snapshot save`
 * writes a consistent copy of the database (SQLite's VACUUM INTO reads one snapshot of it,
 * whatever other processes write meanwhile) with its SHA-256 appended, as etcd appends one to
 * its bolt file: the database is whole pages, so a file whose size is 32 past a multiple of
 * 512 has a digest (etcdutl's hasChecksum), and restore checks it.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { nativeAddon } from './addon-path';
import { BUSY_TIMEOUT_MS, translate } from './sqlite-store';

const SHA256_SIZE = 32;

/** SnapshotError carries etcdutl's error text for a snapshot it cannot use. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

/** hasChecksum is etcdutl's test: a snapshot's size is 32 past a multiple of 512. */
function hasChecksum(size: number): boolean {
  return size % 512 === SHA256_SIZE;
}

/**
 * saveSnapshot writes a snapshot of the state file to out (owner-only): the database copy
 * first, under another name, so out appears whole or not at all. Returns its size.
 */
export function saveSnapshot(stateFile: string, out: string, mode: number): number {
  const part = `${out}.part`;
  fs.rmSync(part, { force: true });
  let db: Database.Database | undefined;
  try {
    // VACUUM INTO fills an empty file: created owner-only, the copy never is readable by others.
    fs.writeFileSync(part, '', { mode });
    db = new Database(stateFile, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS, nativeBinding: nativeAddon() });
    db.prepare('VACUUM INTO ?').run(part);
  } catch (e) {
    fs.rmSync(part, { force: true });
    throw translate(e, stateFile);
  } finally {
    db?.close();
  }
  fs.chmodSync(part, mode);
  const body = fs.readFileSync(part);
  fs.appendFileSync(part, crypto.createHash('sha256').update(body).digest());
  fs.renameSync(part, out);
  return body.length + SHA256_SIZE;
}

/** goBytes prints a byte slice as Go's %v does: [1 2 3]. */
function goBytes(b: Uint8Array): string {
  return `[${Array.from(b).join(' ')}]`;
}

/** verifiedDatabase is a snapshot's database bytes once its digest checks out (etcdutl's texts otherwise). */
export function verifiedDatabase(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  if (!hasChecksum(bytes.length)) throw new SnapshotError('snapshot missing hash but --skip-hash-check=false');
  const db = bytes.subarray(0, bytes.length - SHA256_SIZE);
  const want = bytes.subarray(bytes.length - SHA256_SIZE);
  const got = crypto.createHash('sha256').update(db).digest();
  if (!got.equals(want)) throw new SnapshotError(`expected sha256 ${goBytes(want)}, got ${goBytes(got)}`);
  return db;
}

/** SnapshotStatus is what `snapshot status` reports (etcdutl's snapshot.Status). */
export interface SnapshotStatus { hash: number; revision: number; totalKey: number; totalSize: number }

/**
 * snapshotStatus reads a snapshot's revision and key count. Like etcdutl it checks the
 * database's integrity, not the digest; the hash is a CRC-32 of the database's bytes.
 */
export function snapshotStatus(file: string, tmpDir: string): SnapshotStatus {
  const bytes = fs.readFileSync(file);
  const dbBytes = hasChecksum(bytes.length) ? bytes.subarray(0, bytes.length - SHA256_SIZE) : bytes;
  const copy = `${tmpDir}/kubemu-snapshot-status-${process.pid}.db`;
  fs.writeFileSync(copy, dbBytes, { mode: 0o600 });
  let db: Database.Database | undefined;
  try {
    db = new Database(copy, { fileMustExist: true, nativeBinding: nativeAddon() });
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).filter((p) => p !== 'ok');
    if (problems.length) throw new SnapshotError(`snapshot file integrity check failed. ${problems.length} errors found.\n${problems.join('\n')}`);
    const revision = Number((db.prepare("SELECT value FROM meta WHERE key = 'revision'").get() as { value: string } | undefined)?.value ?? 0);
    const keys = (db.prepare('SELECT count(*) AS n FROM objects').get() as { n: number }).n;
    return { hash: zlib.crc32(dbBytes) >>> 0, revision, totalKey: keys, totalSize: bytes.length };
  } catch (e) {
    if (e instanceof SnapshotError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_')) throw new SnapshotError(`snapshot file integrity check failed. 1 errors found.\n${(e as Error).message}`);
    throw e;
  } finally {
    db?.close();
    for (const ext of ['', '-wal', '-shm']) fs.rmSync(copy + ext, { force: true });
  }
}
