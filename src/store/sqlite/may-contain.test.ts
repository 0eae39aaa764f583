/**
 * ListQuery.mayContain at the store: a plain JSON body holding none of the strings is passed over
 * undecoded; an encrypted one is visited as it is (its bytes say nothing).
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store';
import { newEncryptionTransformer } from '../encryption/encryption-transformer';
import type { KubeObject } from '../../api/meta';
import type { Store } from '../store';
import { labelHint } from '../../api/labels';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-hint-');

const pod = (namespace: string, name: string, app: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels: { app } },
  spec: { containers: [{ name: 'c', image: 'nginx' }] },
} as KubeObject);

function filled(opts: Parameters<typeof openSqliteStore>[1] = {}): Store {
  const store = openSqliteStore(newStateFile(), { create: true, ...opts });
  store.transaction(() => {
    for (const [ns, name, app] of [['default', 'a', 'web'], ['default', 'b', 'db'], ['team', 'c', 'web'], ['team', 'd', 'web-2']] as const) store.create(pod(ns, name, app));
  });
  return store;
}

const names = (store: Store, q: Parameters<Store['each']>[0], lean = false): string[] => {
  const out: string[] = [];
  store.each(q, (o) => out.push(`${o.metadata.namespace}/${o.metadata.name}`), lean ? { withoutManagedFields: true } : undefined);
  return out;
};

describe('each with mayContain', () => {
  it('passes over the plain bodies that hold none of the strings, in list order, in a namespace or all', () => {
    const store = filled();
    const web = [labelHint('app', 'web')];
    expect(web).toEqual(['"app":"web"']);
    expect(names(store, { kind: 'Pod', mayContain: web })).toEqual(['default/a', 'team/c']);
    expect(names(store, { kind: 'Pod', mayContain: web }, true)).toEqual(['default/a', 'team/c']);
    expect(names(store, { kind: 'Pod', namespace: 'team', mayContain: web })).toEqual(['team/c']);
    expect(names(store, { kind: 'Pod', mayContain: [labelHint('app', 'db'), labelHint('app', 'web-2')] })).toEqual(['default/b', 'team/d']);
    expect(names(store, { kind: 'Pod', mayContain: [labelHint('app')] })).toEqual(['default/a', 'default/b', 'team/c', 'team/d']);
    // No strings: no hint.
    expect(names(store, { kind: 'Pod', mayContain: [] })).toEqual(names(store, { kind: 'Pod' }));
    store.close();
  });

  it('visits every encrypted body: only the reader can tell', () => {
    const transformer = newEncryptionTransformer([{ kinds: new Set(['Pod']), everyKind: false, providers: [{ type: 'aesgcm', keyName: 'k', secret: Buffer.alloc(16, 3) }] }]);
    const store = filled({ transformer });
    expect(names(store, { kind: 'Pod', mayContain: [labelHint('app', 'web')] })).toEqual(['default/a', 'default/b', 'team/c', 'team/d']);
    store.close();
  });
});
