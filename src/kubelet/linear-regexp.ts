/**
 * linear-regexp: a RegExp whose matching takes time linear in its input, for the regular
 * expressions a container's script gives grep, sed and awk. V8's engine backtracks: `(a|a)*b`
 * or `a*a*a*a*b` against a long line of a's takes exponential or high-polynomial time, and one
 * such line in a pod's command would stall every settle. re2js (a port of RE2, an automaton
 * engine) matches instead. It is a RegExp subclass that overrides exec, so test, replace,
 * split and matchAll all run through it, as the language defines them to.
 * RE2 has no backreferences; a pattern with one stays with V8 (applet-io.ts).
 */
import { RE2JS } from 're2js';

/** Found is the last match found from a position, so sticky execs (split) do not scan again. */
interface Found { input: string; from: number; start: number; end: number; groups: (string | undefined)[] }

export class LinearRegExp extends RegExp {
  /** linear marks the engine for callers that guard V8's (applet-io.ts safeTest). */
  readonly linear = true;
  private readonly re2: RE2JS;
  private found: Found | undefined;

  /** The constructor throws when RE2 cannot compile the source (a backreference, a lookaround). */
  constructor(source: string | RegExp, flags?: string) {
    super(source, flags);
    const f = (this.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (this.multiline ? RE2JS.MULTILINE : 0) | (this.dotAll ? RE2JS.DOTALL : 0);
    this.re2 = RE2JS.compile(this.source, f);
  }

  override exec(input: string): RegExpExecArray | null {
    const s = String(input);
    const advancing = this.global || this.sticky;
    const from = advancing ? this.lastIndex : 0;
    if (from > s.length) { this.lastIndex = 0; return null; }
    const hit = this.find(s, from);
    if (!hit || (this.sticky && hit.start !== from)) {
      if (advancing) this.lastIndex = 0;
      return null;
    }
    if (advancing) this.lastIndex = hit.end;
    const out = [s.slice(hit.start, hit.end), ...hit.groups] as unknown as RegExpExecArray;
    out.index = hit.start;
    out.input = s;
    out.groups = undefined;
    return out;
  }

  /** find is the leftmost match starting at or after from, reusing the last one found where it still answers. */
  private find(s: string, from: number): Found | undefined {
    const last = this.found;
    if (last && last.input === s && last.from <= from && (last.start < 0 || from <= last.start)) return last.start < 0 ? undefined : last;
    const m = this.re2.matcher(s);
    if (!m.find(from)) {
      this.found = { input: s, from, start: -1, end: -1, groups: [] };
      return undefined;
    }
    const groups: (string | undefined)[] = [];
    for (let g = 1; g <= m.groupCount(); g++) groups.push(m.group(g) ?? undefined);
    this.found = { input: s, from, start: m.start(), end: m.end(), groups };
    return this.found;
  }
}
