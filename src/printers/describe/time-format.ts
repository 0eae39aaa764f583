/**
 * time-format: the two time renderings describe uses — Go's RFC1123Z layout for absolute
 * times and HumanDuration ages for relative ones.
 */
import { humanDuration } from '../age';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** GO_ZERO_TIME_RFC1123Z is how Go prints an unset metav1.Time with RFC1123Z. */
export const GO_ZERO_TIME_RFC1123Z = 'Mon, 01 Jan 0001 00:00:00 +0000';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * formatRFC1123Z renders an RFC 3339 timestamp as "Mon, 30 Nov 2026 01:25:33 +0000".
 * kubemu: always UTC, where kubectl uses the client's local zone.
 */
export function formatRFC1123Z(timestamp: string | undefined | null): string {
  if (!timestamp) return GO_ZERO_TIME_RFC1123Z;
  const d = new Date(Date.parse(timestamp));
  if (Number.isNaN(d.getTime())) return GO_ZERO_TIME_RFC1123Z;
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} `
    + `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`;
}

/** timestampSince is kubectl's translateTimestampSince: "<unknown>" when unset, else HumanDuration(now − ts). */
export function timestampSince(timestamp: string | undefined | null, now: Date): string {
  if (!timestamp) return '<unknown>';
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return '<unknown>';
  return humanDuration(now.getTime() - t);
}

/** durationBetween renders HumanDuration(end − start) for two RFC 3339 timestamps. */
export function durationBetween(start: string, end: string): string {
  return humanDuration(Date.parse(end) - Date.parse(start));
}

/**
 * formatGoTime renders a timestamp as Go's time.Time String() ("2026-11-30 01:25:33 +0000 UTC"),
 * which describers print when they format a metav1.Time with %s. kubemu: always UTC.
 */
export function formatGoTime(timestamp: string | undefined | null): string {
  const t = timestamp ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(t)) return '0001-01-01 00:00:00 +0000 UTC';
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} `
    + `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000 UTC`;
}
