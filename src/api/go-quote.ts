/**
 * go-quote: strconv.Quote, the quoting Go's %q and every Go error text that quotes a value
 * use: printable characters kept (unicode.IsPrint: letters, marks, numbers, punctuation,
 * symbols and the ASCII space), the named escapes, \xNN for the other ASCII controls, and
 * \uNNNN or \UNNNNNNNN for any other character that does not print.
 */

const NAMED: Record<string, string> = {
  '"': '\\"', '\\': '\\\\', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v',
};
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** goQuote is strconv.Quote(s). */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const named = NAMED[ch];
    if (named) { out += named; continue; }
    if (PRINTABLE.test(ch)) { out += ch; continue; }
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c < 0x10000) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += `\\U${c.toString(16).padStart(8, '0')}`;
  }
  return out + '"';
}
