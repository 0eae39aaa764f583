import { describe, expect, it } from 'vitest';
import { PrefixWriter } from './prefix-writer';
import { formatTabbed } from './tab-writer';

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

describe('PrefixWriter', () => {
  it('indents by level and aligns across levels', () => {
    const w = new PrefixWriter();
    w.write(0, 'Lease:\n');
    w.write(1, 'HolderIdentity:\tn\n');
    w.write(1, 'RenewTime:\t<unset>\n');
    expect(w.toString()).toBe('Lease:\n  HolderIdentity:  n\n  RenewTime:       <unset>\n');
  });

  it('flush starts an independently aligned section', () => {
    const w = new PrefixWriter();
    w.write(0, 'Very long key:\tv\n');
    w.flush();
    w.write(0, 'k:\tv\n');
    expect(w.toString()).toBe('Very long key:  v\nk:  v\n');
  });

  it('writeLine appends without indentation', () => {
    const w = new PrefixWriter();
    w.write(0, 'Labels:\t');
    w.writeLine('<none>');
    w.write(0, 'Annotations:\tx\n');
    expect(w.toString()).toBe('Labels:       <none>\nAnnotations:  x\n');
  });
});
