import { describe, expect, it } from 'vitest';
import { humanizeBytes, renderEtcdTable } from './etcd-table';

describe('etcd tables', () => {
  it('renders as tablewriter does for etcdutl snapshot status -w table', () => {
    expect(renderEtcdTable(['hash', 'revision', 'total keys', 'total size'], [['fe01cf57', '10', '7', '2.1 MB']])).toBe(
      '+----------+----------+------------+------------+\n'
      + '|   HASH   | REVISION | TOTAL KEYS | TOTAL SIZE |\n'
      + '+----------+----------+------------+------------+\n'
      + '| fe01cf57 |       10 |          7 |     2.1 MB |\n'
      + '+----------+----------+------------+------------+\n');
  });

  it('puts the odd space of a centred header on the right', () => {
    expect(renderEtcdTable(['ID'], [['8e9e05c52164694d']]).split('\n')[1]).toBe('|        ID        |');
  });

  it('prints sizes as go-humanize does', () => {
    expect([0, 9, 10, 999, 1000, 2048, 20480, 1_500_000, 12_345_678].map(humanizeBytes)).toEqual(
      ['0 B', '9 B', '10 B', '999 B', '1.0 kB', '2.0 kB', '20 kB', '1.5 MB', '12 MB']);
  });
});
