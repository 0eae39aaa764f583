/**
 * shell-expr: `expr`, as busybox (coreutils/expr.c) and GNU coreutils evaluate it. Operators by
 * rising precedence: `|`, `&`, comparisons (`= != < <= > >=`, numeric when both sides are
 * integers), `+ -`, `* / %`, `:` (a basic regular expression anchored at the start: the
 * `\(…\)` group, or else the length matched), and `length`, `substr`, `index`, `match`.
 * Exit status 1 when the result is empty or 0, 2 for an error.
 */

/** ExprResult is what expr prints and its exit status; error is the message on stderr (status 2). */
export type ExprResult = { out: string; status: 0 | 1 } | { error: string; status: 2 };

class ExprError extends Error {}

const INTEGER = /^[-+]?[0-9]+$/;
const BUSYBOX_BANNER = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.';

/** expr evaluates the arguments; gnu words the errors as GNU coreutils does (Debian-based images). */
export function expr(args: string[], gnu = false): ExprResult {
  if (!args.length) return gnu ? { error: "expr: missing operand\nTry 'expr --help' for more information.", status: 2 } : { error: `${BUSYBOX_BANNER}\n\nUsage: expr EXPRESSION`, status: 2 };
  const toks = args[0] === '--' ? args.slice(1) : args;
  let i = 0;
  const peek = () => toks[i];
  const take = (): string => {
    if (i >= toks.length) throw new ExprError(gnu ? `syntax error: missing argument after ‘${toks[i - 1] ?? ''}’` : 'syntax error');
    return toks[i++]!;
  };
  const num = (v: string): bigint => {
    if (!INTEGER.test(v)) throw new ExprError(gnu ? 'non-integer argument' : 'non-numeric argument');
    return BigInt(v);
  };
  const isNull = (v: string) => v === '' || (INTEGER.test(v) && BigInt(v) === 0n);

  const primary = (): string => {
    const t = take();
    if (t === '(') {
      const v = or();
      if (take() !== ')') throw new ExprError('syntax error');
      return v;
    }
    if (t === '+') return take();
    if (t === 'length') return String([...primary()].length);
    if (t === 'substr') {
      const s = [...primary()];
      const pos = Number(num(primary()));
      const len = Number(num(primary()));
      return pos < 1 || len < 1 ? '' : s.slice(pos - 1, pos - 1 + len).join('');
    }
    if (t === 'index') {
      const s = primary();
      const chars = primary();
      const at = [...s].findIndex((c) => chars.includes(c));
      return String(at + 1);
    }
    if (t === 'match') return match(primary(), primary());
    return t;
  };
  const colon = (): string => {
    let v = primary();
    while (peek() === ':') { i++; v = match(v, primary()); }
    return v;
  };
  const mul = (): string => {
    let v = colon();
    for (let op = peek(); op === '*' || op === '/' || op === '%'; op = peek()) {
      i++;
      const a = num(v);
      const b = num(colon());
      if (op !== '*' && b === 0n) throw new ExprError('division by zero');
      v = String(op === '*' ? a * b : op === '/' ? a / b : a % b);
    }
    return v;
  };
  const add = (): string => {
    let v = mul();
    for (let op = peek(); op === '+' || op === '-'; op = peek()) {
      i++;
      const b = num(mul());
      v = String(op === '+' ? num(v) + b : num(v) - b);
    }
    return v;
  };
  const compare = (): string => {
    let v = add();
    for (let op = peek(); op !== undefined && ['=', '==', '!=', '<', '<=', '>', '>='].includes(op); op = peek()) {
      i++;
      const w = add();
      const c = INTEGER.test(v) && INTEGER.test(w) ? Math.sign(Number(BigInt(v) - BigInt(w))) : v < w ? -1 : v > w ? 1 : 0;
      const yes = op === '=' || op === '==' ? c === 0 : op === '!=' ? c !== 0 : op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
      v = yes ? '1' : '0';
    }
    return v;
  };
  const and = (): string => {
    let v = compare();
    while (peek() === '&') { i++; const w = compare(); v = isNull(v) || isNull(w) ? '0' : v; }
    return v;
  };
  const or = (): string => {
    let v = and();
    while (peek() === '|') { i++; const w = and(); v = !isNull(v) ? v : !isNull(w) ? w : '0'; }
    return v;
  };

  try {
    const v = or();
    if (i < toks.length) throw new ExprError(gnu ? `syntax error: unexpected argument ‘${toks[i]}’` : 'syntax error');
    return { out: v, status: isNull(v) ? 1 : 0 };
  } catch (e) {
    if (e instanceof ExprError) return { error: `expr: ${e.message}`, status: 2 };
    throw e;
  }
}

/** match is `STRING : REGEX`: the first group's text if the expression has one, else how many characters matched. */
function match(s: string, bre: string): string {
  const { source, groups } = fromBasicRegExp(bre);
  let re: RegExp | undefined;
  if (!/\\[1-9]/.test(source)) {
    // Linear-time matching (linear-regexp.ts): no expression a script writes can stall it.
    try { re = new (require('./linear-regexp') as typeof import('./linear-regexp')).LinearRegExp(`^(?:${source})`); } catch { /* V8 decides below */ }
  }
  // kubemu: with a backreference only V8's backtracking engine runs it, and a repeated group
  // that repeats within (`\(a*\)*\1`) could then take exponential time where libc's does not;
  // such an expression is refused as regcomp refuses one too big.
  if (!re && repeatsWithinRepeat(source)) throw new ExprError('Regular expression too big');
  try { re ??= new RegExp(`^(?:${source})`); } catch { throw new ExprError('invalid regular expression'); }
  const m = re.exec(s);
  if (groups) return m?.[1] ?? '';
  return String(m ? [...m[0]].length : 0);
}

const QUANTIFIERS = new Set(['*', '+', '?', '{']);

/** repeatsWithinRepeat says whether a group that is repeated holds a repetition itself (escapes and classes skipped). */
function repeatsWithinRepeat(source: string): boolean {
  const open: { at: number; repeats: boolean }[] = [];
  for (let k = 0; k < source.length; k++) {
    const c = source[k]!;
    if (c === '\\') { k++; continue; }
    if (c === '[') { const end = source.indexOf(']', k + 2); if (end > k) k = end; continue; }
    if (c === '(') { open.push({ at: k, repeats: false }); continue; }
    if (QUANTIFIERS.has(c)) { for (const g of open) g.repeats = true; continue; }
    if (c === ')') {
      const g = open.pop();
      if (g?.repeats && QUANTIFIERS.has(source[k + 1] ?? '')) return true;
    }
  }
  return false;
}

/** fromBasicRegExp turns a POSIX basic regular expression into a JavaScript one: `\(` `\)` `\{` `\}` group and count, `( ) { } + ? |` are plain. */
function fromBasicRegExp(bre: string): { source: string; groups: boolean } {
  let out = '';
  let groups = false;
  for (let k = 0; k < bre.length; k++) {
    const c = bre[k]!;
    if (c === '\\') {
      const d = bre[++k] ?? '\\';
      if (d === '(' || d === ')') { out += d; groups ||= d === '('; continue; }
      if (d === '{' || d === '}') { out += d; continue; }
      out += /[0-9]/.test(d) ? `\\${d}` : d.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
      continue;
    }
    if (c === '[') {
      const end = bre.indexOf(']', k + (bre[k + 1] === ']' ? 2 : bre[k + 1] === '^' && bre[k + 2] === ']' ? 3 : 1));
      if (end > k) { out += bre.slice(k, end + 1).replace(/\\/g, '\\\\'); k = end; continue; }
    }
    if ('(){}+?|/'.includes(c)) { out += `\\${c}`; continue; }
    // A leading `*` is literal in a basic regular expression.
    if (c === '*' && (k === 0 || (k === 1 && bre[0] === '^'))) { out += '\\*'; continue; }
    out += c;
  }
  return { source: out, groups };
}
