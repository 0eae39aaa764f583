/**
 * http-pages: nginx's built-in error pages (ngx_http_special_response.c) — what ingress-nginx
 * and nginx-based gateways answer when they route nowhere — and the reason phrases curl and
 * wget print on a status line.
 */

/** STATUS_TEXT is nginx's reason phrase for each status code it generates. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK', 301: 'Moved Permanently', 302: 'Moved Temporarily', 308: 'Permanent Redirect',
  400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error', 502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable', 504: 'Gateway Time-out',
};

/**
 * nginxErrorPage is nginx's page for a status: title, h1 and the server line, CRLF-terminated
 * as nginx sends it. The server line is "nginx" with server_tokens off (ingress-nginx's
 * default), "nginx/VERSION" with nginx's own default, on.
 */
export function nginxErrorPage(status: number, serverToken = 'nginx'): string {
  const title = `${status} ${STATUS_TEXT[status] ?? ''}`.trim();
  return ['<html>', `<head><title>${title}</title></head>`, '<body>', `<center><h1>${title}</h1></center>`, `<hr><center>${serverToken}</center>`, '</body>', '</html>', ''].join('\r\n');
}
