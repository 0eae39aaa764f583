/**
 * container-servers: a server a container starts from its command or its mounted configuration
 * listens on the port it names — `python -m http.server 2222`, busybox `nc -lk -p 9000`, nginx
 * `listen 8080` from a ConfigMap, httpd `Listen 8081` — and only there: another pod reaches it
 * directly or through a Service, and any other port refuses the connection.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import { NGINX_WELCOME } from '../../src/kubelet/web-pages';

const home = manualCluster('servers', 7);
afterAll(() => home.cleanup());

const MANIFEST = `apiVersion: v1
kind: ConfigMap
metadata: {name: web-conf}
data:
  default.conf: |
    server {
        listen 8080;   # the only port
        location / { root /usr/share/nginx/html; }
    }
  httpd.conf: |
    ServerRoot "/usr/local/apache2"
    Listen 8081
---
apiVersion: v1
kind: Pod
metadata: {name: ng, labels: {app: ng}}
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    volumeMounts: [{name: conf, mountPath: /etc/nginx/conf.d}]
  volumes: [{name: conf, configMap: {name: web-conf, items: [{key: default.conf, path: default.conf}]}}]
---
apiVersion: v1
kind: Pod
metadata: {name: ap}
spec:
  containers:
  - name: httpd
    image: httpd:2.4
    volumeMounts: [{name: conf, mountPath: /usr/local/apache2/conf/httpd.conf, subPath: httpd.conf}]
  volumes: [{name: conf, configMap: {name: web-conf}}]
`;

describe('servers a container starts', () => {
  home.file('servers.yaml', MANIFEST);
  const setup = [
    home.run(`apply -f ${home.dir}/servers.yaml`),
    home.run('run py --image=python:3.12 -- python -m http.server 2222'),
    home.run("run ncs --image=busybox --command -- sh -c 'nc -lk -p 9000'"),
    home.run('run client --image=busybox --command -- sleep 3600'),
    home.run('expose pod ng --port=80 --target-port=8080'),
    home.run('tick 30s'),
  ];
  const ip = (pod: string) => home.run(`get pod ${pod} -o jsonpath={.status.podIP}`).stdout;
  const wget = (url: string) => home.run(['exec', 'client', '--', 'wget', '-q', '-O', '-', url]);

  it('sets up', () => {
    for (const r of setup) expect(r.code, r.stderr).toBe(0);
  });

  it('nginx listens where its mounted configuration says, through its Service too', () => {
    expect(wget(`http://${ip('ng')}:8080/`)).toEqual({ stdout: NGINX_WELCOME, stderr: '', code: 0 });
    expect(wget('http://ng/')).toEqual({ stdout: NGINX_WELCOME, stderr: '', code: 0 });
    expect(wget(`http://${ip('ng')}/`)).toEqual({
      stdout: '', stderr: `wget: can't connect to remote host (${ip('ng')}): Connection refused\ncommand terminated with exit code 1\n`, code: 1,
    });
  });

  it('httpd listens on its configured Listen port only', () => {
    expect(wget(`http://${ip('ap')}:8081/`)).toMatchObject({ stdout: '<html><body><h1>It works!</h1></body></html>\n', code: 0 });
    expect(wget(`http://${ip('ap')}/`).code).toBe(1);
  });

  it('python -m http.server and nc -lk -p serve the port they name', () => {
    expect(home.run(['exec', 'client', '--', 'nc', '-zv', ip('py'), '2222'])).toEqual({ stdout: '', stderr: `${ip('py')} (${ip('py')}:2222) open\n`, code: 0 });
    expect(home.run(['exec', 'client', '--', 'nc', '-z', ip('py'), '8000']).code).toBe(1);
    expect(home.run(['exec', 'client', '--', 'nc', '-zv', ip('ncs'), '9000'])).toEqual({ stdout: '', stderr: `${ip('ncs')} (${ip('ncs')}:9000) open\n`, code: 0 });
    expect(home.run(['exec', 'client', '--', 'nc', '-zv', ip('ncs'), '9001'])).toEqual({
      stdout: '', stderr: `nc: ${ip('ncs')} (${ip('ncs')}:9001): Connection refused\ncommand terminated with exit code 1\n`, code: 1,
    });
  });
});
