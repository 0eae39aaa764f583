import { describe, expect, it } from 'vitest';
import { formatTabbed, tabulateRows } from './go-tabwriter';

describe('formatTabbed', () => {
  it.each([
    ['aligns a run of key/value lines', 'Name:\tx\nNamespace:\ty\n', 'Name:       x\nNamespace:  y\n'],
    ['a line without a TAB ends the block', 'A:\t1\nBreak\nLonger:\t2\n', 'A:  1\nBreak\nLonger:  2\n'],
    ['the last cell is not padded', 'a\tb\tc\n', 'a  b  c\n'],
    ['TAB-terminated empty last cell is padded', 'k:\t\nkey:\tv\n', 'k:    \nkey:  v\n'],
    ['nested columns only within the enclosing run', 'x\ta\tb\nyy\tlonger\tc\nz\td\n', 'x   a       b\nyy  longer  c\nz   d\n'],
    ['widths count runes', 'é:\t1\nab:\t2\n', 'é:   1\nab:  2\n'],
  ])('%s', (_name, input, want) => {
    expect(formatTabbed(input)).toBe(want);
  });
});

describe('tabulateRows', () => {
  it('keeps a column at least minwidth wide and pads the widest cell', () => {
    expect(tabulateRows([['A', 'B', 'C'], ['aaaaaaaaaaaa', 'b', 'c']], 3, 10)).toEqual(['A              B         C', 'aaaaaaaaaaaa   b         c']);
  });
  it('pads an empty cell to minwidth, as Go counts it 0 wide', () => {
    expect(tabulateRows([['', 'x']], 3, 20)).toEqual([`${' '.repeat(20)}x`]);
  });
});
