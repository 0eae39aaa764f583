/** web-pages: the pages the nginx and httpd images serve by themselves (their default index and error pages), and where they keep them. */
import type { KubeObject } from '../api/meta';
import { repositoryOf } from './images';
import { nginxErrorPage } from '../network/http-pages';
import { serverToken } from './web-response-headers';

/** NGINX_WELCOME is the nginx image's default index.html. */
export const NGINX_WELCOME = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

/** NGINX_50X is the nginx image's 50x.html. */
export const NGINX_50X = `<!DOCTYPE html>
<html>
<head>
<title>Error</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>An error occurred.</h1>
<p>Sorry, the page you are looking for is currently unavailable.<br/>
Please try again later.</p>
<p>If you are the system administrator of this resource then you should check
the error log for details.</p>
<p><em>Faithfully yours, nginx.</em></p>
</body>
</html>
`;

/** HTTPD_WELCOME is the httpd image's default index.html. */
export const HTTPD_WELCOME = '<html><body><h1>It works!</h1></body></html>\n';

/** HTTPD_404 is httpd's own 404 page (nginx's are nginxErrorPage's). */
export const HTTPD_404 = '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n';

/**
 * WebServer is a server image's document root, the pages it ships there, its index names and
 * its error page for a status (403: a directory without an index, which httpd would list).
 */
interface WebServer { root: string; files: Record<string, string>; index: string[]; errorPage(status: 403 | 404, image: string): string; refusesDirectories: boolean }

/** WEB_SERVERS: each server image's document root, the pages it ships there, its index names and error pages. */
export const WEB_SERVERS: Record<'nginx' | 'httpd', WebServer> = {
  nginx: {
    root: '/usr/share/nginx/html', files: { 'index.html': NGINX_WELCOME, '50x.html': NGINX_50X }, index: ['index.html', 'index.htm'],
    errorPage: (status, image) => nginxErrorPage(status, serverToken('nginx', image)), refusesDirectories: true,
  },
  httpd: { root: '/usr/local/apache2/htdocs', files: { 'index.html': HTTPD_WELCOME }, index: ['index.html'], errorPage: () => HTTPD_404, refusesDirectories: false },
};

/** webServerOf is the web server an image is, for its document root: nginx, httpd, or undefined for any other. */
export function webServerOf(image: string): 'nginx' | 'httpd' | undefined {
  const repo = repositoryOf(image);
  return repo === 'nginx' || repo === 'httpd' ? repo : undefined;
}

interface Mount { mountPath?: string }

/** within says path p is dir or below it. */
export const within = (p: string, dir: string) => p === dir || p.startsWith(`${dir.replace(/\/+$/, '')}/`);

/** imageDocumentFiles are the pages the server image ships, at their paths, but for those a volume is mounted over. */
export function imageDocumentFiles(server: 'nginx' | 'httpd', c: KubeObject['spec']): Record<string, string> {
  const { root, files } = WEB_SERVERS[server];
  const mounts = ((c.volumeMounts ?? []) as Mount[]).map((m) => m.mountPath ?? '').filter(Boolean);
  const out: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) {
    const p = `${root}/${name}`;
    if (!mounts.some((m) => within(p, m))) out[p] = content;
  }
  return out;
}
