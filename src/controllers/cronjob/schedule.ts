/**
 * schedule: standard 5-field cron schedules and the predefined @-macros, evaluated in a time
 * zone (via Intl) on whole minutes. Mirrors the robfig/cron v3 ParseStandard semantics the
 * CronJob controller uses: names for months and weekdays, `?` as `*`, lists, ranges and steps,
 * and day-of-month OR day-of-week when both are restricted.
 */

/** Schedule is a parsed cron expression: allowed values per field. */
export interface Schedule {
  minute: Set<number>; hour: Set<number>; dom: Set<number>; month: Set<number>; dow: Set<number>;
  /** domStar / dowStar: the field was `*` or `?` (then the other day field alone decides). */
  domStar: boolean; dowStar: boolean;
}

/** MACROS are the predefined schedules. */
export const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *', '@annually': '0 0 1 1 *', '@monthly': '0 0 1 * *', '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *', '@midnight': '0 0 * * *', '@hourly': '0 * * * *',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** ScheduleError is a schedule that does not parse; its message follows robfig/cron's. */
export class ScheduleError extends Error { override readonly name = 'ScheduleError'; }

function parseValue(s: string, min: number, names?: string[]): number {
  const i = names?.indexOf(s.toLowerCase()) ?? -1;
  if (i >= 0) return i + min;
  if (!/^\d+$/.test(s)) throw new ScheduleError(`failed to parse int from ${s}: strconv.Atoi: parsing "${s}": invalid syntax`);
  return Number(s);
}

function parseField(field: string, min: number, max: number, names?: string[]): { values: Set<number>; star: boolean } {
  const values = new Set<number>();
  let star = false;
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    let lo: number, hi: number;
    if (range === '*' || range === '?') { lo = min; hi = max; star = stepText === undefined; }
    else {
      const [a, b] = range!.split('-');
      lo = parseValue(a!, min, names);
      hi = b !== undefined ? parseValue(b, min, names) : (stepText !== undefined ? max : lo);
    }
    const step = stepText !== undefined ? Number(stepText) : 1;
    if (!Number.isInteger(step) || step <= 0) throw new ScheduleError(`failed to parse int from ${stepText}: strconv.Atoi: parsing "${stepText}": invalid syntax`);
    if (lo < min) throw new ScheduleError(`beginning of range (${lo}) below minimum (${min}): ${part}`);
    if (hi > max) throw new ScheduleError(`end of range (${hi}) above maximum (${max}): ${part}`);
    if (lo > hi) throw new ScheduleError(`beginning of range (${lo}) beyond end of range (${hi}): ${part}`);
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return { values, star };
}

/** parseSchedule parses a 5-field expression or an @-macro; throws ScheduleError. */
export function parseSchedule(text: string): Schedule {
  const spec = MACROS[text.trim()] ?? text.trim();
  const fields = spec.split(/\s+/).filter(Boolean);
  if (fields.length !== 5) throw new ScheduleError(`expected exactly 5 fields, found ${fields.length}: ${text}`);
  const minute = parseField(fields[0]!, 0, 59);
  const hour = parseField(fields[1]!, 0, 23);
  const dom = parseField(fields[2]!, 1, 31);
  const month = parseField(fields[3]!, 1, 12, MONTHS);
  const dow = parseField(fields[4]!, 0, 7, DAYS);
  // 7 is Sunday too.
  if (dow.values.delete(7)) dow.values.add(0);
  return { minute: minute.values, hour: hour.values, dom: dom.values, month: month.values, dow: dow.values, domStar: dom.star, dowStar: dow.star };
}

interface Wall { year: number; month: number; day: number; hour: number; minute: number; weekday: number }

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** wallClock returns the local date and time of an instant in a time zone (undefined zone: UTC). */
export function wallClock(ms: number, timeZone?: string): Wall {
  if (!timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC') {
    const d = new Date(ms);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), weekday: d.getUTCDay() };
  }
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute), weekday: WEEKDAYS[parts.weekday!]! };
}

/** isValidTimeZone: Intl knows the zone. */
export function isValidTimeZone(tz: string): boolean {
  try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch { return false; }
}

function dayMatches(s: Schedule, w: Wall): boolean {
  const d = s.dom.has(w.day);
  const wd = s.dow.has(w.weekday);
  if (s.domStar || s.dowStar) return d && wd;
  return d || wd;
}

const MINUTE = 60_000;
/** SEARCH_LIMIT_MS bounds the search for a next time (robfig gives up after five years). */
export const SEARCH_LIMIT_MS = 5 * 366 * 24 * 60 * MINUTE;

/** nextAfter returns the first scheduled minute strictly after ms, or undefined if none within five years. */
export function nextAfter(s: Schedule, ms: number, timeZone?: string): number | undefined {
  let t = Math.floor(ms / MINUTE) * MINUTE + MINUTE;
  const limit = ms + SEARCH_LIMIT_MS;
  while (t <= limit) {
    const w = wallClock(t, timeZone);
    if (!s.month.has(w.month) || !dayMatches(s, w)) { t += (24 * 60 - (w.hour * 60 + w.minute)) * MINUTE; continue; }
    if (!s.hour.has(w.hour)) { t += (60 - w.minute) * MINUTE; continue; }
    if (!s.minute.has(w.minute)) { t += MINUTE; continue; }
    return t;
  }
  return undefined;
}

/**
 * mostRecentScheduleTime returns the latest scheduled time in (earliestMs, nowMs], how many
 * fell in that window, and the next time after nowMs. Mirrors cronjob utils.go mostRecentScheduleTime.
 */
export function mostRecentScheduleTime(s: Schedule, earliestMs: number, nowMs: number, timeZone?: string): { mostRecent?: number; missed: number; next?: number } {
  let missed = 0;
  let mostRecent: number | undefined;
  let t = nextAfter(s, earliestMs, timeZone);
  while (t !== undefined && t <= nowMs) {
    mostRecent = t;
    missed++;
    t = nextAfter(s, t, timeZone);
  }
  return { mostRecent, missed, next: t };
}
