import { describe, expect, it } from 'vitest';
import { PrefixWriter } from './prefix-writer';

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
