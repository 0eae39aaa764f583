/**
 * nginx and httpd serve their document root as the container holds it: the image's own pages
 * (visible to exec too), a ConfigMap mounted over them, what an init container left in a shared
 * emptyDir (the documentation's "Configure Pod Initialization" pattern), what exec wrote; a
 * missing page is the server's 404 and a directory without an index nginx's 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { NGINX_WELCOME } from '../../src/kubelet/web-pages';

const OBJECTS = `apiVersion: v1
kind: ConfigMap
metadata: {name: site}
data:
  index.html: "<h1>Hello from a ConfigMap</h1>\\n"
  about.html: "about us\\n"
---
apiVersion: v1
kind: ConfigMap
metadata: {name: no-index}
data:
  about.html: "about\\n"
---
apiVersion: v1
kind: Pod
metadata: {name: site, labels: {app: site}}
spec:
  containers:
  - name: nginx
    image: nginx
    volumeMounts: [{name: html, mountPath: /usr/share/nginx/html}]
  volumes:
  - {name: html, configMap: {name: site}}
---
apiVersion: v1
kind: Service
metadata: {name: site}
spec:
  selector: {app: site}
  ports: [{port: 80}]
---
apiVersion: v1
kind: Pod
metadata: {name: bare}
spec:
  containers:
  - name: nginx
    image: nginx
    volumeMounts: [{name: html, mountPath: /usr/share/nginx/html}]
  volumes:
  - {name: html, configMap: {name: no-index}}
---
apiVersion: v1
kind: Pod
metadata: {name: init-demo}
spec:
  initContainers:
  - name: install
    image: busybox
    command: ["sh", "-c", "echo '<p>written by the init container</p>' > /work-dir/index.html"]
    volumeMounts: [{name: workdir, mountPath: /work-dir}]
  containers:
  - name: nginx
    image: nginx
    volumeMounts: [{name: workdir, mountPath: /usr/share/nginx/html}]
  volumes:
  - {name: workdir, emptyDir: {}}
---
apiVersion: v1
kind: Pod
metadata: {name: plain}
spec:
  containers:
  - {name: nginx, image: nginx}
---
apiVersion: v1
kind: Pod
metadata: {name: apache}
spec:
  containers:
  - name: httpd
    image: httpd
    volumeMounts: [{name: html, mountPath: /usr/local/apache2/htdocs}]
  volumes:
  - {name: html, configMap: {name: site}}
`;

// nginx's own pages end their lines with CRLF and name the version (server_tokens' default, on).
const page = (status: string) => `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx/1.27.4</center>\r\n</body>\r\n</html>\r\n`;
const NGINX_404 = page('404 Not Found');

describe('a web server\'s document root', () => {
  let home: TempHome;
  const curl = (pod: string, ...args: string[]) => home.run(['exec', pod, '--', 'curl', '-s', ...args]).stdout;
  beforeAll(() => {
    home = manualCluster('docroot', 7);
    home.run(['apply', '-f', home.file('objects.yaml', OBJECTS)]);
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it('is a ConfigMap mounted over it, through the Service too, with nginx\'s 404 for the rest', () => {
    expect(home.run('run tmp --image=busybox --restart=Never -i --rm -- wget -qO- site').stdout).toBe('<h1>Hello from a ConfigMap</h1>\npod "tmp" deleted\n');
    expect(curl('site', 'localhost/about.html')).toBe('about us\n');
    expect(curl('site', '-w', '%{http_code}', 'localhost/50x.html')).toBe(`${NGINX_404}404`);
    expect(home.run('exec site -- ls /usr/share/nginx/html').stdout).toBe('about.html\nindex.html\n');
  });

  it('refuses a directory without an index, as nginx does', () => {
    expect(curl('bare', '-w', '%{http_code}', 'localhost/')).toBe(`${page('403 Forbidden')}403`);
    expect(curl('bare', 'localhost/about.html')).toBe('about\n');
  });

  it('is what an init container wrote into a shared emptyDir', () => {
    expect(curl('init-demo', 'localhost')).toBe('<p>written by the init container</p>\n');
  });

  it('holds the image\'s own pages, which exec sees and can replace', () => {
    expect(home.run('exec plain -- ls /usr/share/nginx/html').stdout).toBe('50x.html\nindex.html\n');
    expect(home.run('exec plain -- cat /usr/share/nginx/html/index.html').stdout).toBe(NGINX_WELCOME);
    expect(home.run(['exec', 'plain', '--', 'sh', '-c', 'echo replaced > /usr/share/nginx/html/index.html']).code).toBe(0);
    expect(curl('plain', 'localhost')).toBe('replaced\n');
  });

  it('has nginx print its version and pass its configuration test on stderr', () => {
    expect(home.run('exec plain -- nginx -v')).toEqual({ stdout: '', stderr: 'nginx version: nginx/1.27.4\n', code: 0 });
    expect(home.run('exec plain -- nginx -t')).toEqual({
      stdout: '', stderr: 'nginx: the configuration file /etc/nginx/nginx.conf syntax is ok\nnginx: configuration file /etc/nginx/nginx.conf test is successful\n', code: 0,
    });
  });

  it('is httpd\'s htdocs, with httpd\'s 404', () => {
    expect(home.run('run tmp2 --image=busybox --restart=Never -i --rm -- wget -qO- http://' + home.run('get pod apache -o jsonpath={.status.podIP}').stdout).stdout).toBe('<h1>Hello from a ConfigMap</h1>\npod "tmp2" deleted\n');
    expect(home.run('run tmp3 --image=curlimages/curl --restart=Never -i --rm -- curl -s http://' + home.run('get pod apache -o jsonpath={.status.podIP}').stdout + '/nope').stdout)
      .toBe('<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\npod "tmp3" deleted\n');
  });
});
