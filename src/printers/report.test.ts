import { describe, expect, it } from 'vitest';
import { colorLevel, renderReport, reportColors } from './report';
import { renderTabbed } from './table';

describe('renderReport', () => {
  const head = ['NODE', 'NodeName', 'RESULT'];
  const rows = [['worker01', 'pass', 'feasible'], ['control01', 'node(s) didn\'t match', 'filtered']];

  it('lines columns up as kubectl does, with no borders and no trailing spaces', () => {
    expect(renderReport(head, rows)).toBe(
      'NODE        NodeName               RESULT\n'
      + 'worker01    pass                   feasible\n'
      + 'control01   node(s) didn\'t match   filtered\n',
    );
    expect(renderReport(head, rows)).toBe(renderTabbed([head, ...rows]));
  });

  it('lays plain cells out as cli-table3 does, without measuring each one', () => {
    const level0 = reportColors({ FORCE_COLOR: '0' }, true);
    // A stand-in at level 1 that adds no codes: cli-table3's path with the same text.
    const noCodes = { ...level0, level: 1, bold: (t: string) => t } as unknown as typeof level0;
    const tables: [string[], string[][]][] = [
      [head, rows],
      [['A', 'BB', 'C'], [['', 'x', ''], ['long cell', '', 'z'], ['a', 'b', 'c  ']]],
      [['ONE'], [['1'], ['22'], ['']]],
      [['H1', 'H2'], []],
    ];
    for (const [h, r] of tables) {
      expect(renderReport(h, r)).toBe(renderReport(h, r, { colors: noCodes }));
      expect(renderReport(h, r, { colors: level0 })).toBe(renderReport(h, r, { colors: noCodes }));
    }
    // Wide characters take cli-table3's path, which measures them.
    expect(renderReport(['A', 'B'], [['日本', 'x']])).toBe('A      B\n日本   x\n');
  });

  it('colours only at a colour level, keeping the columns lined up', () => {
    const colors = reportColors({ FORCE_COLOR: '1' }, false);
    const out = renderReport(head, rows, { colors, cell: (t) => (t === 'pass' ? colors.green(t) : t) });
    expect(out).toContain('\x1b[1mNODE\x1b[22m');
    expect(out).toContain('\x1b[32mpass\x1b[39m');
    expect(out.replace(/\x1b\[\d+m/g, '')).toBe(renderReport(head, rows));
  });
});

describe('colorLevel', () => {
  it('colours a terminal, not a pipe', () => {
    expect(colorLevel({}, true)).toBe(1);
    expect(colorLevel({}, false)).toBe(0);
  });
  it('honours NO_COLOR, and FORCE_COLOR over it', () => {
    expect(colorLevel({ NO_COLOR: '1' }, true)).toBe(0);
    expect(colorLevel({ NO_COLOR: '1', FORCE_COLOR: '1' }, false)).toBe(1);
    expect(colorLevel({ FORCE_COLOR: '3' }, false)).toBe(3);
    expect(colorLevel({ FORCE_COLOR: '0' }, true)).toBe(0);
  });
});
