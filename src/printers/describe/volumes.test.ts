import { describe, expect, it } from 'vitest';
import { PrefixWriter } from './prefix-writer';
import { describeVolumes } from './volumes';

describe('describeVolumes', () => {
  it("prints a hostPath's type as stored: the defaulted empty type blank, <none> only when it is unset", () => {
    const text = (type?: string) => {
      const w = new PrefixWriter();
      describeVolumes([{ name: 'h', hostPath: { path: '/data', ...(type === undefined ? {} : { type }) } }], w, '');
      return w.toString();
    };
    expect(text('')).toContain('    HostPathType:  \n');
    expect(text('Directory')).toContain('    HostPathType:  Directory\n');
    expect(text()).toContain('    HostPathType:  <none>\n');
  });
});
