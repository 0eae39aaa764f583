/**
 * decode-time: the errors metav1.Time (time.Parse with RFC3339), metav1.MicroTime (with
 * RFC3339Micro) and metav1.Duration (time.ParseDuration) give while decoding, with Go's texts,
 * and the text a time is stored as.
 */
import { DurationError, parseDurationNanos } from '../api/duration';

/** RFC3339_LAYOUT is Go's time.RFC3339 layout string, quoted in parse errors. */
export const RFC3339_LAYOUT = '2006-01-02T15:04:05Z07:00';
/** RFC3339_MICRO_LAYOUT is metav1.RFC3339Micro, which MicroTime parses with: exactly six fraction digits. */
export const RFC3339_MICRO_LAYOUT = '2006-01-02T15:04:05.000000Z07:00';

/** One step of the RFC3339 layout: a literal prefix, then a numeric element or the zone. */
interface Step { readonly prefix: string; readonly std: string; readonly digits?: 'fixed' | 'one-or-two' | 'year'; readonly max?: number; readonly min?: number; readonly range?: string }
const DATE_TIME: readonly Step[] = [
  { prefix: '', std: '2006', digits: 'year' },
  { prefix: '-', std: '01', digits: 'fixed', min: 1, max: 12, range: 'month' },
  { prefix: '-', std: '02', digits: 'fixed', min: 1, max: 31, range: 'day' },
  { prefix: 'T', std: '15', digits: 'one-or-two', min: 0, max: 23, range: 'hour' },
  { prefix: ':', std: '04', digits: 'fixed', min: 0, max: 59, range: 'minute' },
  { prefix: ':', std: '05', digits: 'fixed', min: 0, max: 59, range: 'second' },
];
const STEPS: readonly Step[] = [...DATE_TIME, { prefix: '', std: 'Z07:00' }];
const MICRO_STEPS: readonly Step[] = [...DATE_TIME, { prefix: '', std: '.000000' }, { prefix: '', std: 'Z07:00' }];

const quote = (s: string) => JSON.stringify(s);

/**
 * rfc3339Error returns time.Parse(time.RFC3339, s)'s error text (micro: RFC3339Micro's, as
 * metav1.MicroTime parses), or undefined if s parses. Follows Go's layout walk (literal
 * prefix, then element) so the "cannot parse X as Y" part names the same element; kubemu:
 * day-of-month is checked against 31 only, not the month, and a signed fraction is refused.
 */
export function rfc3339Error(value: string, micro = false): string | undefined {
  const layout = micro ? RFC3339_MICRO_LAYOUT : RFC3339_LAYOUT;
  const cannotParse = (elem: string, layoutElem: string) =>
    `parsing time ${quote(value)} as ${quote(layout)}: cannot parse ${quote(elem)} as ${quote(layoutElem)}`;
  let rest = value;
  for (const step of micro ? MICRO_STEPS : STEPS) {
    if (!rest.startsWith(step.prefix)) return cannotParse(rest, step.prefix);
    rest = rest.slice(step.prefix.length);
    // stdFracSecond0: a '.' or ',' and exactly as many digits as the layout's zeros.
    if (step.std === '.000000') {
      if (!/^[.,]\d{6}/.test(rest)) return cannotParse(rest, step.std);
      rest = rest.slice(7);
      continue;
    }
    if (step.std === 'Z07:00') {
      if (rest.startsWith('Z')) { rest = rest.slice(1); continue; }
      if (!/^[+-]\d\d:\d\d/.test(rest)) return cannotParse(rest, step.std);
      rest = rest.slice(6);
      continue;
    }
    const m = step.digits === 'year' ? /^\d{4}/.exec(rest)
      : step.digits === 'fixed' ? /^\d\d/.exec(rest) : /^\d\d?/.exec(rest);
    if (!m) return cannotParse(rest, step.std);
    const n = Number(m[0]);
    rest = rest.slice(m[0].length);
    if (step.range && (n < step.min! || n > step.max!)) return `parsing time ${quote(value)}: ${step.range} out of range`;
    // Seconds may carry a fraction even though the layout has none (RFC3339Micro's follows).
    if (step.std === '05' && !micro) rest = rest.replace(/^[.,]\d+/, '');
  }
  return rest ? `parsing time ${quote(value)}: extra text: ${quote(rest)}` : undefined;
}

/** durationError returns time.ParseDuration(s)'s error text, or undefined if s parses. */
export function durationError(s: string): string | undefined {
  try {
    parseDurationNanos(s);
    return undefined;
  } catch (e) {
    if (e instanceof DurationError) return e.message;
    throw e;
  }
}

const RFC3339_PARTS = /^(\d{4})-(\d\d)-(\d\d)T(\d\d?):(\d\d):(\d\d)(?:[.,](\d+))?(Z|([+-])(\d\d):(\d\d))$/;

/**
 * storedTimeText is a time rfc3339Error accepts as metav1.Time's MarshalJSON writes it back:
 * in UTC, to the second (MicroTime: to the microsecond), the zero time as null. A time whose
 * UTC year leaves 0-9999 is returned as written (Go's marshaller refuses it).
 */
export function storedTimeText(value: string, micro: boolean): string | null {
  const m = RFC3339_PARTS.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s, frac = '', , sign, oh, om] = m;
  const at = new Date(0);
  at.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  at.setUTCHours(Number(h), Number(mi), Number(s), 0);
  const offsetMin = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  at.setTime(at.getTime() - offsetMin * 60_000);
  const year = at.getUTCFullYear();
  if (year < 0 || year > 9999) return value;
  const fraction = (frac + '000000').slice(0, 6);
  if (year === 1 && at.getUTCMonth() === 0 && at.getUTCDate() === 1 && at.getUTCHours() === 0 && at.getUTCMinutes() === 0 && at.getUTCSeconds() === 0 && !/[1-9]/.test(frac)) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${String(year).padStart(4, '0')}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}T${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
  return micro ? `${date}.${fraction}Z` : `${date}Z`;
}
