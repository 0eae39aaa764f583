/**
 * go-path-error: a failed file operation as Go's *os.PathError prints it (`open /x: no such
 * file or directory`), the text kubectl shows, not Node's (`ENOENT: no such file…, open '/x'`).
 */

// Go's syscall.Errno texts for the errors a read, a write or a listen can hit; kubectl prints these, not Node's.
const ERRNO_TEXT: Record<string, string> = {
  EADDRINUSE: 'address already in use',
  EADDRNOTAVAIL: 'cannot assign requested address',
  ENOENT: 'no such file or directory',
  EEXIST: 'file exists',
  ENOSPC: 'no space left on device',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
};

/** goErrnoText turns a thrown fs error into the text Go's PathError.Err would print. */
export function goErrnoText(e: unknown): string {
  const err = e as { code?: string; message?: string };
  return (err?.code && ERRNO_TEXT[err.code]) ?? err?.message ?? String(e);
}

/** goErrnoKnown says whether a thrown fs error has a Go errno text here. */
export function goErrnoKnown(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  return !!code && Object.hasOwn(ERRNO_TEXT, code);
}

/** goPathErrorText renders Go's *PathError (`open <path>: <errno>`) for a failed read or write. */
export function goPathErrorText(op: string, path: string, e: unknown): string {
  return `${op} ${path}: ${goErrnoText(e)}`;
}
