/**
 * shell-path-names: `basename` and `dirname`, as busybox and GNU coreutils print them.
 */

/** basename is NAME's last component, trailing slashes dropped, then SUFFIX when it ends the component and is not all of it. */
export function basename(name: string, suffix?: string): string {
  const trimmed = name.replace(/\/+$/, '');
  if (trimmed === '') return name === '' ? '' : '/';
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return suffix && base !== suffix && base.endsWith(suffix) ? base.slice(0, -suffix.length) : base;
}

/** dirname is NAME without its last component: "." when it has no slash, "/" for the root. */
export function dirname(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  if (trimmed === '') return name.startsWith('/') ? '/' : '.';
  const at = trimmed.lastIndexOf('/');
  if (at < 0) return '.';
  return trimmed.slice(0, at).replace(/\/+$/, '') || '/';
}
