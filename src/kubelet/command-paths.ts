/**
 * command-paths: the folder an image keeps a command in, for `which`, `type` and `command -v`.
 * The busybox image links every applet in /bin; Alpine installs each applet where busybox's
 * applet table puts it (/bin, /usr/bin, /usr/sbin); Debian-based images keep coreutils in
 * /usr/bin (merged /usr) and the official images' own programs mostly in /usr/local/bin.
 * kubemu: an image's own programs outside those folders are listed one by one, where known.
 */
import { imageInfo, repositoryOf } from './images';

/** ALPINE_USR_BIN are the applets kubemu runs that Alpine links in /usr/bin rather than /bin. */
const ALPINE_USR_BIN = new Set([
  'awk', 'basename', 'cut', 'dirname', 'du', 'env', 'expr', 'find', 'free', 'head', 'id', 'md5sum', 'nc', 'nproc',
  'nslookup', 'printf', 'seq', 'sha1sum', 'sha256sum', 'sha512sum', 'sort', 'tac', 'tail', 'tee', 'test', '[', '[[',
  'timeout', 'tr', 'uniq', 'uptime', 'wc', 'wget', 'which', 'whoami', 'xargs', 'yes',
]);

/** OWN_PROGRAM_DIRS are where Debian-based images keep programs that are not in /usr/local/bin. */
const OWN_PROGRAM_DIRS: Record<string, string> = {
  nginx: '/usr/sbin', apache2: '/usr/sbin', mysqld: '/usr/sbin', curl: '/usr/bin', mongod: '/usr/bin', mongosh: '/usr/bin',
  dig: '/usr/bin', host: '/usr/bin', nslookup: '/usr/bin', getent: '/usr/bin', psql: '/usr/bin', pg_isready: '/usr/bin',
};

/** commandDir is the folder of a command the image has (its own program or a shell utility). */
export function commandDir(image: string, name: string): string {
  const info = imageInfo(image);
  const repo = repositoryOf(image);
  if (info.shell === 'sh') {
    if (repo === 'alpine') return name === 'httpd' ? '/usr/sbin' : ALPINE_USR_BIN.has(name) ? '/usr/bin' : '/bin';
    return '/bin';
  }
  if (info.binaries.includes(name)) return OWN_PROGRAM_DIRS[name] ?? '/usr/local/bin';
  return '/usr/bin';
}
