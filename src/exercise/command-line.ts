/**
 * command-line: an exercise's command lines as sh would split them — words, 'single' and
 * "double" quotes, backslash escapes — with the program word (kubectl, k, kubemu) dropped,
 * since every line runs through kubemu's own CLI.
 */

/** PROGRAMS are the program words a line may start with. */
export const PROGRAMS = new Set(['kubectl', 'k', 'kubemu']);

/** shellWords splits a command line into words; throws on an unterminated quote. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  const push = (s: string) => { word = (word ?? '') + s; };
  while (i < line.length) {
    const ch = line[i]!;
    if (/\s/.test(ch)) {
      if (word !== undefined) { words.push(word); word = undefined; }
      i++;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated quote in: ${line}`);
      push(line.slice(i + 1, end));
      i = end + 1;
    } else if (ch === '"') {
      let s = '';
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) { s += line[i + 1]; i += 2; } else s += line[i++];
      }
      if (i >= line.length) throw new Error(`unterminated quote in: ${line}`);
      push(s);
      i++;
    } else if (ch === '\\' && i + 1 < line.length) {
      push(line[i + 1]!);
      i += 2;
    } else {
      push(ch);
      i++;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** commandArgv is a line's argv for kubemu's CLI: its words without the program word. */
export function commandArgv(line: string): string[] {
  const words = shellWords(line);
  return words.length && PROGRAMS.has(words[0]!) ? words.slice(1) : words;
}
