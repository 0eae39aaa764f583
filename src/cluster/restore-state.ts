/**
 * restore-state: `kubemu cluster restore` — a cluster's state replaced by an etcd snapshot or
 * by the data directory `etcdutl snapshot restore` made, as pointing etcd's static pod at
 * that directory does on a kubeadm node. The objects, revisions and change log are the
 * snapshot's; the clock is not turned back (time went on while the backup sat on disk).
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { openSqliteStore, removeSideFiles } from '../store/sqlite/sqlite-store';
import { verifiedDatabase } from '../store/sqlite/snapshot-file';
import { META_CLOCK_NOW, META_CLOCK_OFFSET } from './cluster';
import { PRIVATE_FILE, makePrivateDir } from './home';

/** DATA_DIR_DB is where etcd keeps its database in a data directory (and etcdutl restore writes it). */
export const DATA_DIR_DB = nodePath.join('member', 'snap', 'db');

/** RestoreSource is a snapshot file (its digest is checked) or a restored data directory. */
export type RestoreSource = { snapshot: string } | { dataDir: string };

function databaseOf(source: RestoreSource): Buffer {
  if ('snapshot' in source) return verifiedDatabase(source.snapshot);
  const file = nodePath.join(source.dataDir, DATA_DIR_DB);
  if (!fs.existsSync(file)) throw new Error(`${source.dataDir} is not an etcd data directory: ${DATA_DIR_DB} is missing`);
  return fs.readFileSync(file);
}

/**
 * restoreClusterState replaces the state file at stateFile. The cluster's folder is moved
 * aside under the old state's write lock (a command still holding it fails at its next write,
 * as after `cluster delete`), then rebuilt with the restored database and the folder's other
 * files (encryption configuration, audit policy).
 */
export function restoreClusterState(stateFile: string, source: RestoreSource): void {
  const db = databaseOf(source);
  const dir = nodePath.dirname(stateFile);
  const incoming = `${dir}.restoring-${process.pid}.db`;
  fs.writeFileSync(incoming, db, { mode: PRIVATE_FILE });
  const aside = `${dir}.restoring-${process.pid}`;
  try {
    // The database must be a kubemu state file (opening it checks and migrates it).
    const restored = openSqliteStore(incoming);
    const old = openSqliteStore(stateFile);
    try {
      const keep = [META_CLOCK_NOW, META_CLOCK_OFFSET].map((k) => [k, old.meta.get(k)] as const);
      restored.transaction(() => {
        for (const [k, v] of keep) {
          if (v === undefined) continue;
          const mine = restored.meta.get(k);
          if (k === META_CLOCK_OFFSET || mine === undefined || Number(v) > Number(mine)) restored.meta.set(k, v);
        }
      });
      old.transaction(() => fs.renameSync(dir, aside));
    } finally {
      old.close();
      restored.close();
    }
    makePrivateDir(dir);
    for (const f of fs.readdirSync(aside)) {
      if (f.startsWith('state.db')) continue;
      fs.renameSync(nodePath.join(aside, f), nodePath.join(dir, f));
    }
    removeSideFiles(stateFile);
    fs.renameSync(incoming, stateFile);
    removeSideFiles(incoming);
  } finally {
    fs.rmSync(incoming, { force: true });
    removeSideFiles(incoming);
    fs.rmSync(aside, { recursive: true, force: true });
  }
}
