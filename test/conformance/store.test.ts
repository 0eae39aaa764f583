/**
 * store: the Store conformance suite against the SQLite store, in memory and in a file on
 * disk (the state file users have; WAL mode and file locking only exist there).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store';
import { describeStore } from './store.suite';

describeStore('SQLite in memory', { open: () => openSqliteStore(':memory:') });

let dir: string | undefined;
describeStore('SQLite state file', {
  open: () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-store-'));
    return openSqliteStore(path.join(dir, 'state.db'), { create: true });
  },
  cleanup: () => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); },
});
