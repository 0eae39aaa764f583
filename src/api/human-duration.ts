/**
 * human-duration: k8s.io/apimachinery pkg/util/duration's HumanDuration and ShortHumanDuration,
 * the elapsed-time formats of kubectl's AGE cells, kubeadm's TTL and RESIDUAL TIME columns.
 */

/** INVALID_DURATION is what both duration formats print for a timestamp 2 s or more in the future. */
export const INVALID_DURATION = '<invalid>';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// Go converts a Duration to whole units by truncating toward zero; Math.trunc does the same
// for negative inputs, which matters for the "-1 s prints 0s" rule.
function whole(ms: number, unit: number): number {
  return Math.trunc(ms / unit);
}

/**
 * humanDuration renders an elapsed time in milliseconds the way `kubectl get` does:
 * "59s", "119s", "2m5s", "179m", "3h4m", "47h", "7d23h", "729d", "2y1d", "8y".
 * Two or more seconds in the future is "<invalid>"; less than that is "0s".
 */
export function humanDuration(ms: number): string {
  const seconds = whole(ms, SECOND);
  if (seconds < -1) return INVALID_DURATION;
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = whole(ms, MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = whole(ms, HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  const years = Math.trunc(hours / 24 / 365);
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${years}y`;
}

/**
 * shortHumanDuration renders an elapsed time with a single unit: "59s", "59m", "23h", "364d", "2y".
 * Future times follow humanDuration's "<invalid>" / "0s" rule.
 */
export function shortHumanDuration(ms: number): string {
  const seconds = whole(ms, SECOND);
  if (seconds < -1) return INVALID_DURATION;
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = whole(ms, MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = whole(ms, HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(hours / 24 / 365)}y`;
}
