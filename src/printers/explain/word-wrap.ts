/**
 * word-wrap: the line breaking kubectl explain uses (kubectl's term.NewWordWrapWriter, which is
 * github.com/mitchellh/go-wordwrap v1.0.1's WrapString). It breaks only at white space, before a
 * word that would pass the limit; a word longer than the limit stays whole on its own line;
 * existing newlines reset the count; white space before a break is dropped. Widths are runes.
 */

const isSpace = (ch: string): boolean => ch !== '\u00a0' && /\s/u.test(ch);

/** wrapWords wraps s to lines of at most limit runes where white space allows. */
export function wrapWords(s: string, limit: number): string {
  let out = '';
  let current = 0;
  let word = '';
  let wordLen = 0;
  let space = '';
  let spaceLen = 0;
  for (const ch of s) {
    if (ch === '\n') {
      if (wordLen === 0) {
        if (current + spaceLen > limit) current = 0;
        else { current += spaceLen; out += space; }
        space = ''; spaceLen = 0;
      } else {
        current += spaceLen + wordLen;
        out += space + word;
        space = ''; spaceLen = 0; word = ''; wordLen = 0;
      }
      out += ch;
      current = 0;
    } else if (isSpace(ch)) {
      if (spaceLen === 0 || wordLen > 0) {
        current += spaceLen + wordLen;
        out += space + word;
        space = ''; spaceLen = 0; word = ''; wordLen = 0;
      }
      space += ch; spaceLen++;
    } else {
      word += ch; wordLen++;
      if (current + spaceLen + wordLen > limit && wordLen < limit) {
        out += '\n';
        current = 0;
        space = ''; spaceLen = 0;
      }
    }
  }
  if (wordLen === 0) {
    if (current + spaceLen <= limit) out += space;
  } else out += space + word;
  return out;
}
