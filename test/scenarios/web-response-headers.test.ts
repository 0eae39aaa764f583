/**
 * `curl -I` and `curl -i` print what nginx and httpd send before the page: each server's
 * headers in its own order, dated at the simulated time of the request, with the image's pages
 * dated as the image has them and a mounted file at the container's start; the servers' error
 * pages are theirs (nginx's names its version, as server_tokens' default does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const OBJECTS = `apiVersion: v1
kind: ConfigMap
metadata: {name: site}
data:
  index.html: "<h1>hello</h1>\\n"
  notes.txt: "plain\\n"
---
apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec:
  containers:
  - {name: nginx, image: nginx}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80}]
---
apiVersion: v1
kind: Pod
metadata: {name: old}
spec:
  containers:
  - {name: nginx, image: "nginx:1.25.3"}
---
apiVersion: v1
kind: Pod
metadata: {name: site}
spec:
  containers:
  - name: nginx
    image: nginx
    volumeMounts: [{name: html, mountPath: /usr/share/nginx/html}]
  volumes:
  - {name: html, configMap: {name: site}}
---
apiVersion: v1
kind: Pod
metadata: {name: apache}
spec:
  containers:
  - {name: httpd, image: httpd}
---
apiVersion: v1
kind: Pod
metadata: {name: client}
spec:
  containers:
  - {name: curl, image: curlimages/curl, command: [sleep, infinity]}
`;

const head = (...lines: string[]) => lines.map((l) => `${l}\r\n`).join('') + '\r\n';

describe("a web server's response head", () => {
  let home: TempHome;
  let date: string;
  const curl = (...args: string[]) => home.run(['exec', 'client', '--', 'curl', '-s', ...args]).stdout;
  const ip = (pod: string) => home.run(['get', 'pod', pod, '-o', 'jsonpath={.status.podIP}']).stdout;
  beforeAll(() => {
    home = manualCluster('headers', 7);
    home.run(['apply', '-f', home.file('objects.yaml', OBJECTS)]);
    home.run('tick 30s');
    // `tick 0s` says the simulated time, which is the answers' Date.
    const now = /^(\S+) ->/.exec(home.run('tick 0s').stdout)![1]!;
    date = `Date: ${new Date(now).toUTCString()}`;
  });
  afterAll(() => home.cleanup());

  it("is nginx's, in its order, for the image's page through a Service", () => {
    expect(curl('-I', 'web')).toBe(head('HTTP/1.1 200 OK', 'Server: nginx/1.27.4', date, 'Content-Type: text/html', 'Content-Length: 615',
      'Last-Modified: Wed, 05 Feb 2025 00:00:00 GMT', 'Connection: keep-alive', 'ETag: "67a2aa00-267"', 'Accept-Ranges: bytes'));
  });

  it("dates an older image's page as that release has it", () => {
    expect(curl('-I', ip('old'))).toBe(head('HTTP/1.1 200 OK', 'Server: nginx/1.25.3', date, 'Content-Type: text/html', 'Content-Length: 615',
      'Last-Modified: Tue, 24 Oct 2023 13:46:47 GMT', 'Connection: keep-alive', 'ETag: "6537cac7-267"', 'Accept-Ranges: bytes'));
  });

  it('comes before the page with -i, and an error page is nginx\'s own, naming its version', () => {
    const page = '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/1.27.4</center>\r\n</body>\r\n</html>\r\n';
    expect(curl('-i', 'web/missing')).toBe(head('HTTP/1.1 404 Not Found', 'Server: nginx/1.27.4', date, 'Content-Type: text/html',
      'Content-Length: 153', 'Connection: keep-alive') + page);
  });

  it("dates a mounted file at the container's start, with the type its name gives", () => {
    const started = home.run(['get', 'pod', 'site', '-o', 'jsonpath={.status.containerStatuses[0].state.running.startedAt}']).stdout;
    const seconds = Date.parse(started) / 1000;
    expect(curl('-I', `${ip('site')}/notes.txt`)).toBe(head('HTTP/1.1 200 OK', 'Server: nginx/1.27.4', date, 'Content-Type: text/plain',
      'Content-Length: 6', `Last-Modified: ${new Date(started).toUTCString()}`, 'Connection: keep-alive', `ETag: "${seconds.toString(16)}-6"`, 'Accept-Ranges: bytes'));
  });

  it("is httpd's, in its order, and its 404 is Latin-1 HTML", () => {
    expect(curl('-i', ip('apache'))).toBe(head('HTTP/1.1 200 OK', date, 'Server: Apache/2.4.63 (Unix)', 'Last-Modified: Mon, 11 Jun 2007 18:53:14 GMT',
      'ETag: "2d-432a5e4a73a80"', 'Accept-Ranges: bytes', 'Content-Length: 45', 'Content-Type: text/html') + '<html><body><h1>It works!</h1></body></html>\n');
    expect(curl('-I', `${ip('apache')}/nope`)).toBe(head('HTTP/1.1 404 Not Found', date, 'Server: Apache/2.4.63 (Unix)', 'Content-Length: 196',
      'Content-Type: text/html; charset=iso-8859-1'));
  });
});
