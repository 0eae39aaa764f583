import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { HTTPD_404, HTTPD_WELCOME, NGINX_WELCOME } from '../../src/kubelet/web-pages';

const SHOP = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: shop
spec:
  ingressClassName: nginx
  rules:
  - host: foo.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
      - {path: /api, pathType: Prefix, backend: {service: {name: api, port: {number: 80}}}}
      - {path: /cart, pathType: Exact, backend: {service: {name: cart, port: {number: 80}}}}
`;
const SECURE = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: secure
spec:
  tls:
  - hosts: [secure.example.com]
    secretName: secure-tls
  rules:
  - host: secure.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
`;
const page = (status: string) => `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
/** failed is kubectl exec's result for a command that exits non-zero. */
const failed = (code: number, stderr = '') => ({ stdout: '', stderr: `${stderr}command terminated with exit code ${code}\n`, code });

describe('Ingress through the ingress-nginx add-on', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('ingress', 7); });
  afterEach(() => home.cleanup());

  const curl = (...args: string[]) => home.run(['exec', 'client', '--', 'curl', ...args]);
  const setUp = () => {
    expect(home.run('addon enable ingress-nginx')).toEqual(ok([
      'namespace/ingress-nginx created',
      'serviceaccount/ingress-nginx created',
      'configmap/ingress-nginx-controller created',
      'service/ingress-nginx-controller created',
      'deployment.apps/ingress-nginx-controller created',
      'ingressclass.networking.k8s.io/nginx created',
      'addon/ingress-nginx enabled',
      '',
    ].join('\n')));
    for (const cmd of ['create deployment web --image=nginx', 'expose deployment web --port=80', 'create deployment api --image=httpd',
      'expose deployment api --port=80', 'create service clusterip cart --tcp=80:80', 'run client --image=nginx']) expect(home.run(cmd).code).toBe(0);
  };

  it('routes by host and path: backend pages, 404 for no rule, 503 without endpoints', () => {
    setUp();
    expect(home.run(['apply', '-f', home.file('shop.yaml', SHOP)])).toEqual(ok('ingress.networking.k8s.io/shop created\n'));
    home.run('tick 1m');
    expect(home.run('get svc -n ingress-nginx')).toEqual(ok([
      'NAME                       TYPE       CLUSTER-IP    EXTERNAL-IP   PORT(S)                      AGE',
      'ingress-nginx-controller   NodePort   10.97.5.221   <none>        80:31437/TCP,443:32195/TCP   60s',
      '',
    ].join('\n')));
    // The controller runs on worker02: ingress-nginx's bare-metal status is its node's InternalIP.
    expect(home.run('get ingress')).toEqual(ok([
      'NAME   CLASS   HOSTS             ADDRESS      PORTS   AGE',
      'shop   nginx   foo.example.com   172.18.0.4   80      60s',
      '',
    ].join('\n')));
    const url = (path: string) => `http://172.18.0.3:31437${path}`;
    expect(curl('-s', '-H', 'Host: foo.example.com', url('/'))).toEqual(ok(NGINX_WELCOME));
    expect(curl('-s', '-H', 'Host: foo.example.com', url('/api/v1'))).toEqual(ok(HTTPD_404)); // routed unrewritten: httpd has no /api/v1
    expect(curl('-s', '-H', 'Host: bar.example.com', url('/'))).toEqual(ok(page('404 Not Found')));
    expect(curl('-s', '-H', 'Host: foo.example.com', url('/cart'))).toEqual(ok(page('503 Service Temporarily Unavailable')));
    expect(curl('-s', '-o', '/dev/null', '-w', '%{http_code}\\n', '-H', 'Host: foo.example.com', url('/cart'))).toEqual(ok('503\n'));
    expect(curl('-sf', '-H', 'Host: bar.example.com', url('/'))).toEqual(failed(22));
    expect(curl('-f', '-H', 'Host: bar.example.com', url('/'))).toEqual(failed(22, 'curl: (22) The requested URL returned error: 404\n'));
    // The controller's Service by name reaches the same router.
    expect(curl('-s', '-H', 'Host: foo.example.com', 'http://ingress-nginx-controller.ingress-nginx/api')).toEqual(ok(HTTPD_404));
    // A backend gaining endpoints is served at once; the path reaches it unchanged, and nginx there has no /cart
    // (without a rewrite-target annotation, the 404 is the backend's own).
    home.run('create deployment cart --image=nginx');
    home.run('tick 30s');
    expect(curl('-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'Host: foo.example.com', url('/cart'))).toEqual(ok('404'));
    expect(home.run(['get', 'events', '--field-selector', 'involvedObject.kind=Ingress', '-o', 'jsonpath={.items[*].source.component} {.items[*].reason}: {.items[*].message}']))
      .toEqual(ok('nginx-ingress-controller Sync: Scheduled for sync'));
  });

  it('fills the default IngressClass; TLS hosts redirect to https, which needs -k', () => {
    setUp();
    expect(home.run('annotate ingressclass nginx ingressclass.kubernetes.io/is-default-class=true')).toEqual(ok('ingressclass.networking.k8s.io/nginx annotated\n'));
    expect(home.run(['apply', '-f', home.file('secure.yaml', SECURE)]).code).toBe(0);
    home.run('tick 1m');
    expect(home.run('get ingress secure')).toEqual(ok([
      'NAME     CLASS   HOSTS                ADDRESS      PORTS     AGE',
      'secure   nginx   secure.example.com   172.18.0.4   80, 443   60s',
      '',
    ].join('\n')));
    expect(curl('-sI', '-H', 'Host: secure.example.com', 'http://172.18.0.2:31437/shop')).toEqual(ok('HTTP/1.1 308 Permanent Redirect\r\nLocation: https://secure.example.com/shop\r\n\r\n'));
    expect(curl('-s', '-H', 'Host: secure.example.com', 'https://172.18.0.2:32195/')).toEqual(failed(60));
    expect(curl('-H', 'Host: secure.example.com', 'https://172.18.0.2:32195/').stderr).toMatch(/^curl: \(60\) SSL certificate problem: self-signed certificate\n/);
    expect(curl('-sk', '-H', 'Host: secure.example.com', 'https://172.18.0.2:32195/')).toEqual(ok(NGINX_WELCOME));
  });

  it('refuses connections while no controller pod is ready; Ingresses of other classes get no address', () => {
    expect(home.run('run client --image=nginx').code).toBe(0);
    home.run('addon enable ingress-nginx');
    home.run('scale deployment ingress-nginx-controller -n ingress-nginx --replicas=0');
    home.run('create ingress other --class=traefik --rule=foo.example.com/=web:80');
    home.run('tick 1m');
    expect(curl('-s', '-H', 'Host: foo.example.com', 'http://172.18.0.3:31437/')).toEqual(failed(7));
    expect(home.run(['get', 'ingress', 'other', '-o', 'jsonpath={.status}'])).toEqual(ok('{"loadBalancer":{}}'));
  });

  it('the address goes when the last controller pod does', () => {
    home.run('addon enable ingress-nginx');
    home.run('create ingress web --class=nginx --rule=foo.example.com/=web:80');
    home.run('tick 1m');
    expect(home.run(['get', 'ingress', 'web', '-o', 'jsonpath={.status.loadBalancer.ingress[*].ip}'])).toEqual(ok('172.18.0.4'));
    home.run('scale deployment ingress-nginx-controller -n ingress-nginx --replicas=0');
    home.run('tick 6m');
    expect(home.run('get ingress web')).toEqual(ok('NAME   CLASS   HOSTS             ADDRESS   PORTS   AGE\nweb    nginx   foo.example.com             80      7m\n'));
  });
});
