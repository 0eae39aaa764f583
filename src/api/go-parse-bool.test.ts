import { describe, expect, it } from 'vitest';
import { goParseBool } from './go-parse-bool';

describe('goParseBool', () => {
  it('reads the spellings strconv.ParseBool reads, and no others', () => {
    expect(['1', 't', 'T', 'TRUE', 'true', 'True'].map(goParseBool)).toEqual(Array(6).fill(true));
    expect(['0', 'f', 'F', 'FALSE', 'false', 'False'].map(goParseBool)).toEqual(Array(6).fill(false));
    expect(['', 'yes', 'tRUE', ' true', 'on'].map(goParseBool)).toEqual(Array(5).fill(undefined));
  });
});
