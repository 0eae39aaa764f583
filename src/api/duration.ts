/**
 * duration: Go's time.Duration as kubectl flags and API fields use it — ParseDuration with
 * its exact error texts, and Duration.String ("0s", "796ms", "1h2m3s"). Durations are
 * nanoseconds (a bigint, as Go's int64); the ms helpers suit kubemu's millisecond clock.
 * Human ages ("3m", "2d3h") are a different function: printers/age.ts.
 */

/** DurationError is a duration ParseDuration refuses; its message is Go's text. */
export class DurationError extends Error { override readonly name = 'DurationError'; }

const NS_PER_MS = 1_000_000n;
const SECOND = 1_000_000_000n;
const UNITS: Record<string, bigint> = {
  ns: 1n, us: 1_000n, 'µs': 1_000n, 'μs': 1_000n, ms: NS_PER_MS, s: SECOND, m: 60n * SECOND, h: 3600n * SECOND,
};
const LIMIT = 1n << 63n;

const quote = (s: string): string => JSON.stringify(s);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** parseDurationNanos is time.ParseDuration: "300ms", "-1.5h", "2h45m"; throws DurationError. */
export function parseDurationNanos(orig: string): bigint {
  const invalid = (): DurationError => new DurationError(`time: invalid duration ${quote(orig)}`);
  let s = orig;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') { neg = s[0] === '-'; s = s.slice(1); }
  if (s === '0') return 0n;
  if (s === '') throw invalid();
  let total = 0n;
  while (s !== '') {
    if (!(s[0] === '.' || isDigit(s[0]))) throw invalid();
    // The integer part: an overflow of int64 is invalid.
    let i = 0;
    let v = 0n;
    for (; isDigit(s[i]); i++) {
      v = v * 10n + BigInt(s.charCodeAt(i) - 48);
      if (v > LIMIT) throw invalid();
    }
    const pre = i > 0;
    s = s.slice(i);
    // The fraction: digits past int64's precision are read and dropped.
    let f = 0n;
    let scale = 1;
    let post = false;
    if (s[0] === '.') {
      s = s.slice(1);
      let overflow = false;
      for (i = 0; isDigit(s[i]); i++) {
        if (overflow) continue;
        const next = f * 10n + BigInt(s.charCodeAt(i) - 48);
        if (f > (LIMIT - 1n) / 10n || next > LIMIT) { overflow = true; continue; }
        f = next;
        scale *= 10;
      }
      post = i > 0;
      s = s.slice(i);
    }
    if (!pre && !post) throw invalid();
    for (i = 0; i < s.length && s[i] !== '.' && !isDigit(s[i]); i++);
    if (i === 0) throw new DurationError(`time: missing unit in duration ${quote(orig)}`);
    const unitText = s.slice(0, i);
    s = s.slice(i);
    const unit = UNITS[unitText];
    if (unit === undefined) throw new DurationError(`time: unknown unit ${quote(unitText)} in duration ${quote(orig)}`);
    if (v > LIMIT / unit) throw invalid();
    v *= unit;
    // Go adds the fraction through float64, so very long fractions round as it does.
    if (f > 0n) {
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > LIMIT) throw invalid();
    }
    total += v;
    if (total > LIMIT) throw invalid();
  }
  if (neg) return -total;
  if (total > LIMIT - 1n) throw invalid();
  return total;
}

/** parseDuration is parseDurationNanos in milliseconds (fractional below a millisecond). */
export function parseDuration(s: string): number {
  return Number(parseDurationNanos(s)) / 1e6;
}

// fmtFrac: the fraction of v / 10^prec without trailing zeros (no point when it is zero).
function fraction(v: bigint, prec: number): [string, bigint] {
  let digits = '';
  let print = false;
  for (let i = 0; i < prec; i++) {
    const digit = v % 10n;
    print ||= digit !== 0n;
    if (print) digits = `${digit}${digits}`;
    v /= 10n;
  }
  return [print ? `.${digits}` : '', v];
}

/** formatDurationNanos is Duration.String: "0s", "1.5µs", "796ms", "2.946s", "1m0s", "1h2m3s". */
export function formatDurationNanos(d: bigint): string {
  const sign = d < 0n ? '-' : '';
  let u = d < 0n ? -d : d;
  if (u === 0n) return '0s';
  if (u < SECOND) {
    const [unit, prec] = u < 1_000n ? ['ns', 0] : u < NS_PER_MS ? ['µs', 3] : ['ms', 6];
    const [frac, whole] = fraction(u, prec as number);
    return `${sign}${whole}${frac}${unit}`;
  }
  const [frac, seconds] = fraction(u, 9);
  u = seconds;
  let text = `${u % 60n}${frac}s`;
  u /= 60n;
  if (u > 0n) {
    text = `${u % 60n}m${text}`;
    u /= 60n;
    if (u > 0n) text = `${u}h${text}`;
  }
  return `${sign}${text}`;
}

/** formatDuration is Duration.String for a span in milliseconds (kubemu's clock unit). */
export function formatDuration(ms: number): string {
  return formatDurationNanos(BigInt(Math.round(ms * 1e6)));
}
