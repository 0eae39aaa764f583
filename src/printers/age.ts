/**
 * age: the AGE cell of an object (printers.go translateTimestampSince), and the duration
 * formats kubectl prints in AGE cells, RESTARTS "ago" parts, event ages and Job durations
 * (apimachinery's, from src/api/human-duration.ts).
 */

export { INVALID_DURATION, humanDuration, shortHumanDuration } from '../api/human-duration';
import { humanDuration } from '../api/human-duration';

/** UNKNOWN_AGE is the AGE cell of an object with no creationTimestamp. */
export const UNKNOWN_AGE = '<unknown>';

/**
 * age renders `now - timestamp` with humanDuration; an unset or unparseable timestamp is
 * "<unknown>" (printers.go translateTimestampSince treats both as the zero time).
 */
export function age(timestamp: string | undefined | null, now: Date): string {
  if (!timestamp) return UNKNOWN_AGE;
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return UNKNOWN_AGE;
  return humanDuration(now.getTime() - t);
}
