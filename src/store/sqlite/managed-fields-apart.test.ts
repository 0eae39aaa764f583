/**
 * managedFields kept apart from plain JSON bodies, and ReadView withoutManagedFields: each,
 * eachOnNode and eachBound then hand over objects without them and otherwise as stored;
 * encrypted bodies come whole, and a corrupt row is still passed over and quarantined.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { addonPath } from './addon-path';
import { openSqliteStore } from './sqlite-store';
import { newEncryptionTransformer } from '../encryption/encryption-transformer';
import type { KubeObject } from '../../api/meta';
import { WITHOUT_MANAGED_FIELDS, type Store } from '../store';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-lean-');

function newStore(opts: Parameters<typeof openSqliteStore>[1] = {}): { store: Store; file: string } {
  const file = newStateFile();
  return { store: openSqliteStore(file, { create: true, ...opts }), file };
}

const managedFields = [{ manager: 'kubectl', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': {} } }];
const pod = (name: string, nodeName?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace: 'default', labels: { app: 'é \u2028 😀' }, managedFields },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '1500m' } } }] },
} as unknown as KubeObject);

function visited(visit: (collect: (o: KubeObject) => void) => void): KubeObject[] {
  const out: KubeObject[] = [];
  visit((o) => out.push(o));
  return out;
}

describe('reads without managedFields', () => {
  it('leave out managedFields and nothing else, in every visiting read', () => {
    const { store } = newStore();
    store.transaction(() => { store.create(pod('a', 'n1')); store.create(pod('b')); });
    const lean = { withoutManagedFields: true };
    const whole = store.list({ kind: 'Pod' });
    const expected = whole.map((o) => { const { managedFields: _m, ...metadata } = o.metadata; return { ...o, metadata }; });
    // As text, so key order and every character count too.
    const text = (objs: KubeObject[]) => JSON.stringify(objs);
    expect(text(visited((v) => store.each({ kind: 'Pod' }, v, lean)))).toBe(text(expected));
    expect(text(visited((v) => store.each({ kind: 'Pod', namespace: 'default' }, v, lean)))).toBe(text(expected));
    expect(text(visited((v) => store.eachOnNode('n1', 'Pod', v, lean)))).toBe(text([expected[0]!]));
    expect(text(visited((v) => store.eachOnNode(null, 'Pod', v, lean)))).toBe(text([expected[1]!]));
    expect(text(visited((v) => store.eachBound('Pod', v, lean)))).toBe(text([expected[0]!]));
    // Without the view, the same reads are whole.
    expect(visited((v) => store.each({ kind: 'Pod' }, v))).toEqual(whole);
    expect(visited((v) => store.eachBound('Pod', v))[0]!.metadata.managedFields).toEqual(managedFields);
    store.close();
  });

  it('keep managedFields apart from a plain body; the raw value and a whole read put them back where they were', () => {
    const { store, file } = newStore();
    store.transaction(() => store.create(pod('a')));
    const ref = { kind: 'Pod', namespace: 'default', name: 'a' };
    const obj = store.get(ref)!;
    expect(Object.keys(obj.metadata).at(-1)).toBe('managedFields');
    expect(store.rawValue(ref)).toBe(JSON.stringify(obj));
    store.close();
    const db = new Database(file, { readonly: true, nativeBinding: addonPath() });
    const row = db.prepare('SELECT body, managed_fields FROM objects').get() as { body: string; managed_fields: string };
    db.close();
    expect(JSON.parse(row.managed_fields)).toEqual(managedFields);
    expect(row.body).not.toContain('managedFields');
  });

  it('leave them out of the objects of a watch for a view without them, apart from the whole ones of the same changes', () => {
    const { store } = newStore();
    store.transaction(() => store.create(pod('a')));
    store.transaction(() => store.delete({ kind: 'Pod', namespace: 'default', name: 'a' }));
    const lean = store.watchSince(0, ['Pod'], -1, WITHOUT_MANAGED_FIELDS).map((e) => e.object.metadata);
    const whole = store.watchSince(0, ['Pod']).map((e) => e.object.metadata);
    expect(lean.map((m) => [m.name, m.managedFields])).toEqual([['a', undefined], ['a', undefined]]);
    expect(whole.map((m) => [m.name, m.managedFields])).toEqual([['a', managedFields], ['a', managedFields]]);
    store.close();
  });

  it('hand over encrypted bodies whole', () => {
    const transformer = newEncryptionTransformer([{ kinds: new Set(['Pod']), everyKind: false, providers: [{ type: 'aesgcm', keyName: 'k', secret: Buffer.alloc(16, 3) }] }]);
    const { store, file } = newStore({ transformer });
    store.transaction(() => store.create(pod('a')));
    expect(visited((v) => store.each({ kind: 'Pod' }, v, { withoutManagedFields: true }))[0]!.metadata.managedFields).toEqual(managedFields);
    store.close();
    const db = new Database(file, { readonly: true, nativeBinding: addonPath() });
    expect(db.prepare('SELECT typeof(body), managed_fields FROM objects').raw().get()).toEqual(['blob', null]);
    db.close();
  });

  it('pass over corrupt rows and quarantine them with their keys, in every visiting read, lean or whole', () => {
    const { store, file } = newStore();
    store.transaction(() => { store.create(pod('a', 'n1')); store.create(pod('b', 'n1')); store.create(pod('c', 'n1')); });
    const revisions = store.versions('Pod').map((v) => v.revision);
    store.close();
    const db = new Database(file, { nativeBinding: addonPath() });
    db.prepare("UPDATE objects SET body = '{\"metadata\": ' WHERE name = 'a'").run();
    db.prepare("UPDATE objects SET body = '\"a string\"' WHERE name = 'c'").run();
    db.close();
    for (const read of [
      (s: Store, v: (o: KubeObject) => void) => s.each({ kind: 'Pod' }, v, { withoutManagedFields: true }),
      (s: Store, v: (o: KubeObject) => void) => s.each({ kind: 'Pod', namespace: 'default' }, v),
      (s: Store, v: (o: KubeObject) => void) => s.eachOnNode('n1', 'Pod', v),
      (s: Store, v: (o: KubeObject) => void) => s.eachBound('Pod', v, { withoutManagedFields: true }),
    ]) {
      const reopened = openSqliteStore(file);
      expect(visited((v) => read(reopened, v)).map((o) => o.metadata.name)).toEqual(['b']);
      expect(reopened.quarantined().map((c) => [c.kind, c.namespace, c.name, c.revision])).toEqual([['Pod', 'default', 'a', revisions[0]], ['Pod', 'default', 'c', revisions[2]]]);
      expect(reopened.quarantined()[1]!.cause).toBe('the stored value is not a JSON object');
      reopened.close();
    }
  });
});
