import { describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-correlation-');
function store() {
  return openSqliteStore(newStateFile(), { create: true });
}

const decoded: string[] = [];
const decode = (text: string) => { decoded.push(text); return { n: Number(text) }; };
const encode = (v: { n: number }) => String(v.n);
const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });

describe('the event correlators\' values in the state file', () => {
  it('are decoded once a write transaction and written as they stand when it commits', () => {
    const s = store();
    s.transaction(() => s.eventCorrelation.set('k', { n: 1 }, 1000, encode));
    decoded.length = 0;
    s.transaction(() => {
      const v = s.eventCorrelation.get('k', 0, decode)!;
      v.n = 2;
      expect(s.eventCorrelation.get('k', 0, decode)).toBe(v);
      s.eventCorrelation.set('k', v, 2000, encode);
      v.n = 3;
    });
    expect(decoded).toEqual(['1']);
    expect(s.eventCorrelation.get('k', 1999, decode)).toEqual({ n: 3 });
    expect(s.eventCorrelation.get('k', 2000, decode)).toBeUndefined();
    s.close();
  });

  it('leave nothing of a rolled-back transaction, and outlive a savepoint rolled back without setting one', () => {
    const s = store();
    expect(() => s.transaction(() => { s.eventCorrelation.set('gone', { n: 1 }, 1000, encode); throw new Error('rolled back'); })).toThrow('rolled back');
    expect(s.eventCorrelation.get('gone', 0, decode)).toBeUndefined();
    s.transaction(() => {
      s.eventCorrelation.set('kept', { n: 1 }, 1000, encode);
      // An API write's savepoint, refused: it recorded no Event.
      expect(() => s.transaction(() => { s.create(configMap('a')); throw new Error('refused'); })).toThrow('refused');
      s.create(configMap('b'));
    });
    expect(s.eventCorrelation.get('kept', 0, decode)).toEqual({ n: 1 });
    expect(s.list({ kind: 'ConfigMap' }).map((o) => o.metadata.name)).toEqual(['b']);
    s.close();
  });

  it('are forgotten, all those not yet written, when a savepoint that set one rolls back', () => {
    const s = store();
    s.transaction(() => s.eventCorrelation.set('written', { n: 1 }, 1000, encode));
    s.transaction(() => {
      s.eventCorrelation.set('written', { n: 2 }, 1000, encode);
      s.eventCorrelation.set('before', { n: 1 }, 1000, encode);
      expect(() => s.transaction(() => { s.eventCorrelation.set('inside', { n: 1 }, 1000, encode); throw new Error('savepoint'); })).toThrow('savepoint');
    });
    expect(s.eventCorrelation.get('written', 0, decode)).toEqual({ n: 1 });
    expect(s.eventCorrelation.get('before', 0, decode)).toBeUndefined();
    expect(s.eventCorrelation.get('inside', 0, decode)).toBeUndefined();
    s.close();
  });

  it('are dropped once expired', () => {
    const s = store();
    s.transaction(() => { s.eventCorrelation.set('a', { n: 1 }, 1000, encode); s.eventCorrelation.set('b', { n: 1 }, 3000, encode); });
    expect(s.eventCorrelation.expire(1000)).toBe(1);
    expect(s.eventCorrelation.get('b', 2000, decode)).toEqual({ n: 1 });
    s.close();
  });
});
