/**
 * nginx-command: the nginx binary's options that print and exit instead of serving, as an
 * exec or a container's script runs them: -v (its version) and -t (the configuration test,
 * which kubemu always passes: it does not check nginx's syntax). Both write to stderr.
 */
import type { FinishedCommand } from './shell';
import { tagVersion } from './images';

/** NGINX_VERSION is the nginx image's current version (a tag that names none runs it). */
export const NGINX_VERSION = '1.27.4';

/** nginxCommand is what `nginx ARGS` prints and exits with, or undefined when it would serve (or signal a running master). */
export function nginxCommand(args: readonly string[], image: string): FinishedCommand | undefined {
  const version = `nginx version: nginx/${tagVersion(image, NGINX_VERSION)}`;
  const opts = args.slice(1);
  if (opts.length === 1 && opts[0] === '-v') return { output: [], errors: [version], code: 0 };
  if (opts.length === 1 && opts[0] === '-t') {
    return { output: [], errors: ['nginx: the configuration file /etc/nginx/nginx.conf syntax is ok', 'nginx: configuration file /etc/nginx/nginx.conf test is successful'], code: 0 };
  }
  return undefined;
}
