import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { addonPath } from './addon-path';
import { NotAStateFileError, openSqliteStore } from './sqlite-store';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const tempFile = tempStateFiles('kubemu-statefile-');

describe('opening a state file', () => {
  it('refuses an empty file and writes nothing to it or beside it', () => {
    const file = tempFile();
    fs.writeFileSync(file, '');
    expect(() => openSqliteStore(file)).toThrow(NotAStateFileError);
    expect(fs.statSync(file).size).toBe(0);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['state.db']);
  });

  it('refuses another program\'s database', () => {
    const file = tempFile();
    const db = new Database(file, { nativeBinding: addonPath() });
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(() => openSqliteStore(file)).toThrow(NotAStateFileError);
  });

  it('refuses a missing file unless creating, and a create lays the schema', () => {
    const file = tempFile();
    expect(() => openSqliteStore(file)).toThrow();
    expect(fs.existsSync(file)).toBe(false);
    openSqliteStore(file, { create: true }).close();
    const store = openSqliteStore(file);
    expect(store.revision()).toBe(0);
    store.close();
  });
});
