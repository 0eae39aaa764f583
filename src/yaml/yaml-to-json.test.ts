import { describe, expect, it } from 'vitest';
import { toJsonText, YamlToJsonError } from './yaml-to-json';

const read = (text: string) => {
  try {
    return toJsonText(text);
  } catch (e) {
    if (e instanceof YamlToJsonError) return `yaml error: ${e.message}`;
    throw e;
  }
};

describe('toJsonText (apimachinery yaml.ToJSON)', () => {
  it('takes text starting with "{" as JSON as it is, with json.Unmarshal\'s syntax error', () => {
    expect(read('  {"a": 1}')).toEqual({ value: { a: 1 } });
    expect(read('{a:')).toEqual({ syntaxError: "invalid character 'a' looking for beginning of object key string" });
    expect(read('{"a":1} x')).toEqual({ syntaxError: "invalid character 'x' after top-level value" });
    expect(read('{"a":')).toEqual({ syntaxError: 'unexpected end of JSON input' });
  });

  it('converts anything else as one YAML document, to a value of any kind', () => {
    expect(read('a: [1, b]')).toEqual({ value: { a: [1, 'b'] } });
    expect(read('42')).toEqual({ value: 42 });
    expect(read('- a')).toEqual({ value: ['a'] });
    expect(read(' ')).toEqual({ value: null });
    expect(read('---')).toEqual({ value: null });
    expect(read('a: 1\n---\nb: [')).toEqual({ value: { a: 1 } });
  });

  it("gives go-yaml's error for YAML it cannot read, its line as go-yaml counts it", () => {
    expect(read('[a')).toBe("yaml error: yaml: line 1: did not find expected ',' or ']'");
    expect(read('a: "b')).toBe('yaml error: yaml: found unexpected end of stream');
    expect(read('\ta: 1')).toBe('yaml error: yaml: found character that cannot start any token');
  });
});
