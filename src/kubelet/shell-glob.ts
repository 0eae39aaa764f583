/**
 * shell-glob: pathname expansion (POSIX 2.13.3) over the shell's files — `*`, `?` and bracket
 * expressions, segment by segment, sorted; a leading `.` is matched only by a pattern that
 * starts with one; a pattern that matches nothing stays as typed (no nullglob), so `ls *.x`
 * fails with the word itself, as sh and bash do. Files are a flat map of paths; a directory
 * is any prefix of one (or a `dir/` entry mkdir made).
 */

/** GlobPattern is a word after expansion with its quoting kept: `\` escapes a character that was quoted. */
export type GlobPattern = string;

/** hasGlob tells whether a pattern has an unescaped `*`, `?`, or `[` closed by a `]` (so `[ -f x ]`'s `[` is a word, not a pattern). */
export function hasGlob(pattern: GlobPattern): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') { i++; continue; }
    if (c === '*' || c === '?') return true;
    if (c === '[' && /^[!^]?\]?[^\]/]*\]/.test(pattern.slice(i + 1))) return true;
  }
  return false;
}

/** unescape is the word a pattern stands for, quotes removed. */
export function unescape(pattern: GlobPattern): string {
  return pattern.replace(/\\(.)/gs, '$1');
}

/**
 * patternMatches is a `case` pattern's match (POSIX 2.13.1): the whole text, where `*` and `?`
 * match `/` too. It runs without a regular expression: a pattern of several stars against a
 * long text backtracks polynomially in V8's engine, and a container's script chooses both. Each
 * star is retried only from the last one (the wildcard matcher), so the work is at most the
 * text's length times the pattern's.
 */
export function patternMatches(text: string, pattern: GlobPattern): boolean {
  const toks = patternTokens(pattern);
  let t = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    const tok = toks[p];
    if (tok === STAR) { star = p++; resume = t; continue; }
    if (tok !== undefined && (typeof tok === 'string' ? tok === text[t] : tok.test(text[t]!))) { t++; p++; continue; }
    if (star < 0) return false;
    p = star + 1;
    t = ++resume;
  }
  while (toks[p] === STAR) p++;
  return p === toks.length;
}

const STAR = Symbol('*');

/** patternTokens reads a pattern as its characters: a literal, `?` or a bracket expression (a one-character class), and stars. */
function patternTokens(pattern: GlobPattern): (string | RegExp | typeof STAR)[] {
  const out: (string | RegExp | typeof STAR)[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') { out.push(pattern[++i] ?? '\\'); continue; }
    if (c === '*') { if (out[out.length - 1] !== STAR) out.push(STAR); continue; }
    if (c === '?') { out.push(/[\s\S]/); continue; }
    const cls = c === '[' ? bracketAt(pattern, i) : undefined;
    if (cls) { out.push(new RegExp(cls.source)); i = cls.end; continue; }
    out.push(c);
  }
  return out;
}

/** bracketAt reads the bracket expression at seg[i] as a one-character class; undefined when its `]` is missing (the `[` is literal). */
function bracketAt(seg: GlobPattern, i: number): { source: string; end: number } | undefined {
  let j = i + 1;
  if (seg[j] === '!' || seg[j] === '^') j++;
  if (seg[j] === ']') j++;
  while (j < seg.length && seg[j] !== ']') j++;
  if (j >= seg.length) return undefined;
  let body = seg.slice(i + 1, j);
  const negate = body[0] === '!' || body[0] === '^';
  if (negate) body = body.slice(1);
  return { source: `[${negate ? '^' : ''}${body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]').replace(/\[/g, '\\[')}]`, end: j };
}

/** DirView answers what a directory holds and whether a path exists. */
export interface DirView { entries(dir: string): string[]; exists(path: string): boolean }

/** dirView is the view of a flat file map; rootEntries are what `/` holds besides the files' own tops. */
export function dirView(paths: Iterable<string>, rootEntries: readonly string[] = []): DirView {
  const all = [...paths];
  return {
    entries(dir) {
      const prefix = dir === '/' ? '/' : `${dir.replace(/\/$/, '')}/`;
      const out = new Set<string>(prefix === '/' ? rootEntries : []);
      for (const p of all) if (p.startsWith(prefix)) { const e = p.slice(prefix.length).split('/')[0]!; if (e) out.add(e); }
      return [...out];
    },
    exists(path) {
      const p = path.replace(/\/$/, '');
      if (p === '') return true;
      return all.some((f) => f === p || f.startsWith(`${p}/`)) || (p.split('/').length === 2 && rootEntries.includes(p.slice(1)));
    },
  };
}

/**
 * expandPathname is the words a pattern expands to in the working directory cwd (sorted, as
 * typed: relative stays relative), or undefined when nothing matches.
 */
export function expandPathname(pattern: GlobPattern, cwd: string, view: DirView): string[] | undefined {
  const absolute = pattern.startsWith('/');
  const segs = pattern.split('/').filter((s, k) => s !== '' || k === 0);
  // Each candidate: the text as typed so far, and the absolute path it names.
  let found: Array<{ shown: string; abs: string }> = [{ shown: absolute ? '' : '', abs: absolute ? '' : cwd.replace(/\/$/, '') }];
  const start = absolute ? 1 : 0;
  for (let k = start; k < segs.length; k++) {
    const seg = segs[k]!;
    const sep = (shown: string) => (shown === '' && !absolute ? '' : `${shown}/`);
    const next: typeof found = [];
    if (!hasGlob(seg)) {
      const name = unescape(seg);
      const up = (abs: string) => abs.slice(0, Math.max(0, abs.lastIndexOf('/')));
      for (const c of found) next.push({ shown: `${sep(c.shown)}${name}`, abs: name === '.' ? c.abs : name === '..' ? up(c.abs) : `${c.abs}/${name}` });
    } else {
      const dotOk = seg.startsWith('.') || seg.startsWith('\\.');
      for (const c of found) {
        for (const e of view.entries(c.abs || '/').sort()) {
          if (e.startsWith('.') && !dotOk) continue;
          // The wildcard matcher (linear work; within one name `*` meets no `/`).
          if (patternMatches(e, seg)) next.push({ shown: `${sep(c.shown)}${e}`, abs: `${c.abs}/${e}` });
        }
      }
    }
    found = next;
    if (!found.length) return undefined;
  }
  const trailingSlash = pattern.endsWith('/');
  const words = found.filter((c) => view.exists(c.abs)).map((c) => (trailingSlash ? `${c.shown}/` : c.shown));
  return words.length ? words.sort() : undefined;
}
