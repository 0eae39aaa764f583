/**
 * server-config: the ports a server's own configuration makes it listen on, read from the files
 * its container sees (a mounted ConfigMap over the image's defaults): nginx's `listen` directives
 * (nginx.conf and conf.d/*.conf), httpd's `Listen` (httpd.conf). Undefined when no such file is
 * mounted: the image's default ports apply.
 */

/** NGINX_CONF_DIR and NGINX_CONF are where the official nginx image reads its configuration. */
const NGINX_CONF = '/etc/nginx/nginx.conf';
const NGINX_CONF_DIR = '/etc/nginx/conf.d/';
/** HTTPD_CONF is the official httpd image's configuration file. */
const HTTPD_CONF = '/usr/local/apache2/conf/httpd.conf';

/** portOf reads a listen address's port: "8080", "0.0.0.0:8080", "[::]:8080", "*:80". */
function portOf(addr: string): number | undefined {
  const m = /(?:^|:)(\d+)$/.exec(addr);
  return m ? Number(m[1]) : undefined;
}

/** directivePorts collects the ports of every `name ADDR` directive (comments dropped). */
function directivePorts(text: string, name: RegExp): number[] {
  const out: number[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = name.exec(line);
    const port = m && portOf(m[1]!.replace(/;$/, ''));
    if (port !== undefined && port !== null && !out.includes(port)) out.push(port);
  }
  return out;
}

/** configuredPorts is what a server image's mounted configuration says it listens on, or undefined. */
export function configuredPorts(repo: string, files: Readonly<Record<string, string>>): number[] | undefined {
  if (repo === 'nginx') {
    const confs = Object.keys(files).filter((f) => f === NGINX_CONF || (f.startsWith(NGINX_CONF_DIR) && f.endsWith('.conf')));
    if (!confs.length) return undefined;
    return [...new Set(confs.sort().flatMap((f) => directivePorts(files[f]!, /^listen\s+(\S+)/)))];
  }
  if (repo === 'httpd') {
    const text = files[HTTPD_CONF];
    return text === undefined ? undefined : directivePorts(text, /^Listen\s+(\S+)/i);
  }
  return undefined;
}
