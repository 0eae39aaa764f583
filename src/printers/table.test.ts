import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TabbedRows, renderTabbed, renderTabbedRemembering, sanitizeCell, TRUNCATION_MARK } from './table';

describe('renderTabbed', () => {
  const cases: Array<{ name: string; rows: string[][]; want: string }> = [
    {
      name: 'worked example: one pod',
      rows: [['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'], ['nginx', '1/1', 'Running', '0', '10s']],
      want: 'NAME    READY   STATUS    RESTARTS   AGE\n' +
        'nginx   1/1     Running   0          10s\n',
    },
    {
      name: 'without the header the minimum width of 6 applies',
      rows: [['web-1', '1/1', 'Running', '0', '10m'], ['web-2', '0/1', 'Pending', '0', '9s']],
      want: 'web-1   1/1   Running   0     10m\n' +
        'web-2   0/1   Pending   0     9s\n',
    },
    {
      name: 'empty trailing cells keep the padding of the cells before them',
      rows: [['NAME', 'APP', 'TIER'], ['api', 'api', 'backend'], ['badimage', '', '']],
      want: 'NAME       APP   TIER\n' +
        'api        api   backend\n' +
        'badimage         \n',
    },
    {
      name: 'the last cell is never padded even when longest',
      rows: [['A', 'averyveryverylongvalue'], ['B', 'x']],
      want: 'A     averyveryverylongvalue\n' +
        'B     x\n',
    },
    {
      name: 'a tab-less line is a flush point between column blocks',
      rows: [['NAME', 'X'], ['a-much-longer-name', 'y'], [''], ['N', 'Z']],
      want: 'NAME                 X\n' +
        'a-much-longer-name   y\n' +
        '\n' +
        'N     Z\n',
    },
    {
      name: 'ragged rows form separate blocks per column',
      rows: [['a', 'b', 'c'], ['aaaaaaaaaa', 'b'], ['a', 'bbbbbbbbbb', 'c']],
      want: 'a            b     c\n' +
        'aaaaaaaaaa   b\n' +
        'a            bbbbbbbbbb   c\n',
    },
    {
      name: 'a row ending in an empty cell (top style) pads its last real cell',
      rows: [['NAME', 'CPU', ''], ['node-1', '5%', '']],
      want: 'NAME     CPU   \n' +
        'node-1   5%    \n',
    },
    {
      name: 'widths count code points, not UTF-16 units',
      rows: [['𝔸𝔹𝔸𝔹', 'x'], ['ab', 'y']],
      want: '𝔸𝔹𝔸𝔹   x\n' +
        'ab     y\n',
    },
    {
      name: 'multi-line cells are cut before measuring',
      rows: [['NAME', 'MESSAGE', 'AGE'], ['a', 'line one\nline two', '1s']],
      want: 'NAME   MESSAGE       AGE\n' +
        'a      line one...   1s\n',
    },
    { name: 'no rows', rows: [], want: '' },
  ];
  for (const tc of cases) it(tc.name, () => expect(renderTabbed(tc.rows)).toBe(tc.want));
});

describe('sanitizeCell', () => {
  const cases: Array<[string, string]> = [
    ['plain', 'plain'],
    ['a\nb', `a${TRUNCATION_MARK}`],
    ['a\rb\nc', `a${TRUNCATION_MARK}`],
    ['a\fb', `a${TRUNCATION_MARK}`],
    ['\nb', TRUNCATION_MARK],
    ['red\x1b[31m', 'red^[[31m'],
  ];
  for (const [input, want] of cases) it(JSON.stringify(input), () => expect(sanitizeCell(input)).toBe(want));
});

describe('renderTabbedRemembering', () => {
  it('reproduces the get -w example: widths grow but never shrink, the header is not re-aligned', () => {
    let widths: number[] = [];
    let text = '';
    const flush = (rows: string[][]): void => {
      const out = renderTabbedRemembering(rows, widths);
      text += out.text;
      widths = out.widths;
    };
    flush([['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'], ['nginx', '1/1', 'Running', '0', '90s']]);
    flush([['nginx-2', '0/1', 'ContainerCreating', '0', '0s']]);
    flush([['nginx-2', '1/1', 'Running', '0', '1s']]);
    flush([['nginx-2', '1/1', 'Terminating', '0', '1s']]);
    expect(text).toBe(
      'NAME    READY   STATUS    RESTARTS   AGE\n' +
      'nginx   1/1     Running   0          90s\n' +
      'nginx-2   0/1     ContainerCreating   0          0s\n' +
      'nginx-2   1/1     Running             0          1s\n' +
      'nginx-2   1/1     Terminating         0          1s\n');
    expect(widths).toEqual([10, 8, 20, 11]);
  });

  it('does not mutate the widths passed in', () => {
    const remembered = [8];
    renderTabbedRemembering([['a-longer-name', 'x']], remembered);
    expect(remembered).toEqual([8]);
  });
});

describe('TabbedRows', () => {
  const rendered = (rows: string[][]) => {
    const t = new TabbedRows();
    for (const r of rows) t.add(r);
    const pieces: string[] = [];
    t.render((text) => pieces.push(text));
    return pieces.join('');
  };
  const cell = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', 'a\tb', 'x\ny', '\u{1F600}ok', 'ESC\x1b', 'Running'));

  it('lays rows out exactly as renderTabbed, uniform or not', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 30 }), fc.boolean(), (n, rows, uniform) => {
      const input = uniform ? rows.map((r) => Array.from({ length: n }, (_, i) => r[i] ?? '')) : rows;
      expect(rendered(input)).toBe(renderTabbed(input));
    }), { numRuns: 400 });
  });

  it('hands a big table on in pieces, not as one string', () => {
    const pieces: string[] = [];
    const t = new TabbedRows();
    for (let i = 0; i < 5000; i++) t.add([`pod-${i}`, '1/1', 'Running', '0', '5m']);
    t.render((text) => pieces.push(text));
    expect(pieces.length).toBeGreaterThan(2); // ~190 KB of text in 64 KB pieces
    expect(pieces.join('')).toBe(renderTabbed(Array.from({ length: 5000 }, (_, i) => [`pod-${i}`, '1/1', 'Running', '0', '5m'])));
  });
});
