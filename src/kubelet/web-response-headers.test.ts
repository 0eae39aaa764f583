import { describe, expect, it } from 'vitest';
import { responseHeaders, serverToken } from './web-response-headers';

const at = Date.UTC(2026, 0, 2, 3, 4, 5);
const written = Date.UTC(2026, 0, 1);

describe('responseHeaders', () => {
  it("gives a file nginx has no type for nginx's default_type, and httpd none", () => {
    const file = { path: '/srv/data.bin', fromImage: false, writtenMs: written };
    expect(responseHeaders({ server: 'nginx', image: 'nginx:1.27.5', status: 200, body: 'abc', file }, at)).toEqual([
      'Server: nginx/1.27.5', 'Date: Fri, 02 Jan 2026 03:04:05 GMT', 'Content-Type: application/octet-stream', 'Content-Length: 3',
      'Last-Modified: Thu, 01 Jan 2026 00:00:00 GMT', 'Connection: keep-alive', 'ETag: "6955b900-3"', 'Accept-Ranges: bytes',
    ]);
    expect(responseHeaders({ server: 'httpd', image: 'httpd:2.4.58', status: 200, body: 'abc', file }, at)).toEqual([
      'Date: Fri, 02 Jan 2026 03:04:05 GMT', 'Server: Apache/2.4.58 (Unix)', 'Last-Modified: Thu, 01 Jan 2026 00:00:00 GMT',
      'ETag: "3-6474846204000"', 'Accept-Ranges: bytes', 'Content-Length: 3',
    ]);
  });

  it("counts Content-Length in bytes, and dates an unlisted nginx release's pages as the current image's", () => {
    const file = { path: '/usr/share/nginx/html/index.html', fromImage: true };
    expect(responseHeaders({ server: 'nginx', image: 'nginx:1.21.6', status: 200, body: 'é', file }, at).filter((h) => /^(Content-Length|Last-Modified)/.test(h)))
      .toEqual(['Content-Length: 2', 'Last-Modified: Wed, 05 Feb 2025 00:00:00 GMT']);
  });

  it('names the server as its Server header does', () => {
    expect(serverToken('nginx', 'nginx')).toBe('nginx/1.27.4');
    expect(serverToken('httpd', 'docker.io/library/httpd:2.4.62-alpine')).toBe('Apache/2.4.63 (Unix)');
  });
});
