import { describe, expect, it } from 'vitest';
import { goJsonIndent } from './go-json-indent';

describe('goJsonIndent (Go json.Indent)', () => {
  it('indents without decoding: escapes and number spellings stay as written', () => {
    expect(goJsonIndent('{"a":"\\u003c","n":1.50,"l":[1,{"x":[]}],"e":{}}\n')).toBe('{\n  "a": "\\u003c",\n  "n": 1.50,\n  "l": [\n    1,\n    {\n      "x": []\n    }\n  ],\n  "e": {}\n}\n');
  });
  it('keeps strings holding structure characters and quotes intact', () => {
    expect(goJsonIndent('["a,b:{c}","q\\"x"]')).toBe('[\n  "a,b:{c}",\n  "q\\"x"\n]');
  });
  it('drops leading whitespace, keeps trailing whitespace, refuses what is not JSON', () => {
    expect(goJsonIndent('  \n{"a":1}  \n')).toBe('{\n  "a": 1\n}  \n');
    expect(() => goJsonIndent('')).toThrow('unexpected end of JSON input');
    expect(() => goJsonIndent('{"a":')).toThrow();
  });
});
