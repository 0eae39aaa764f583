/**
 * go-json-indent: Go's json.Indent — JSON text re-indented without being decoded, so every
 * value keeps its spelling (escapes such as \u003c, numbers as written). `apply
 * view-last-applied -o json` prints the stored annotation through it.
 */

/**
 * goJsonIndent re-indents JSON text as json.Indent(dst, src, "", indent) does: a newline and
 * the indent after each `{`, `[` and `,`, a space after `:`, empty `{}` and `[]` kept closed,
 * leading whitespace dropped and trailing whitespace kept. Throws on text that is not one
 * JSON value (json.Indent's scanner refuses it).
 */
export function goJsonIndent(src: string, indent = '  '): string {
  const start = src.search(/[^ \t\r\n]/);
  if (start < 0) throw new Error('unexpected end of JSON input');
  const endMatch = /[ \t\r\n]*$/.exec(src)!;
  const body = src.slice(start, endMatch.index);
  // Indenting assumes valid JSON; the check is the decoder's.
  JSON.parse(body);
  let out = '';
  let depth = 0;
  let opened = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') continue;
    if (opened && c !== '}' && c !== ']') out += '\n' + indent.repeat(depth);
    opened = false;
    if (c === '"') {
      let j = i + 1;
      while (body[j] !== '"') j += body[j] === '\\' ? 2 : 1;
      out += body.slice(i, j + 1);
      i = j;
    } else if (c === '{' || c === '[') {
      out += c;
      depth++;
      opened = true;
    } else if (c === '}' || c === ']') {
      depth--;
      // An empty object or array stays on one line.
      const prev = body[lastNonSpace(body, i)];
      out += prev === '{' || prev === '[' ? c : '\n' + indent.repeat(depth) + c;
    } else if (c === ',') {
      out += ',\n' + indent.repeat(depth);
    } else if (c === ':') {
      out += ': ';
    } else {
      out += c;
    }
  }
  return out + endMatch[0];
}

/** lastNonSpace is the index of the last non-whitespace character before i. */
function lastNonSpace(s: string, i: number): number {
  let j = i - 1;
  while (j >= 0 && (s[j] === ' ' || s[j] === '\t' || s[j] === '\r' || s[j] === '\n')) j--;
  return j;
}
