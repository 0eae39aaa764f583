import { describe, expect, it } from 'vitest';
import { goQuote } from './go-quote';

describe('goQuote (strconv.Quote)', () => {
  it('keeps what prints and escapes the rest as Go does', () => {
    expect(goQuote('plain text, é ü 中文 ✓')).toBe('"plain text, é ü 中文 ✓"');
    expect(goQuote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(goQuote('\x07\b\f\n\r\t\v')).toBe('"\\a\\b\\f\\n\\r\\t\\v"');
    expect(goQuote('\x00\x01\x1b\x7f')).toBe('"\\x00\\x01\\x1b\\x7f"');
    // C1 controls, the soft hyphen, zero-width and line separators, the BOM: not printable.
    expect(goQuote('\u0085\u00ad\u200b\u2028\ufeff')).toBe('"\\u0085\\u00ad\\u200b\\u2028\\ufeff"');
    // Beyond the basic plane: printable kept, a private-use character as \U.
    expect(goQuote('😀\u{F0000}')).toBe('"😀\\U000f0000"');
    expect(goQuote('')).toBe('""');
  });
});
