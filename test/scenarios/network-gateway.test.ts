import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { HTTPD_404, HTTPD_WELCOME, NGINX_WELCOME } from '../../src/kubelet/web-pages';

const GATEWAY = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: gateway
spec:
  gatewayClassName: nginx
  listeners:
  - name: http
    port: 80
    protocol: HTTP
    hostname: "*.example.com"
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: shop
spec:
  parentRefs:
  - name: gateway
    sectionName: http
  hostnames: ["shop.example.com"]
  rules:
  - matches:
    - path: {type: PathPrefix, value: /api}
    backendRefs:
    - {name: api, port: 80}
  - matches:
    - path: {type: PathPrefix, value: /}
      headers:
      - {name: x-canary, value: "true"}
    backendRefs:
    - {name: api, port: 80}
  - backendRefs:
    - {name: web, port: 80}
  - matches:
    - path: {type: Exact, value: /old}
    filters:
    - type: RequestRedirect
      requestRedirect: {path: {type: ReplaceFullPath, replaceFullPath: /new}, statusCode: 301}
`;
const BROKEN = `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: broken
spec:
  parentRefs: [{name: gateway}]
  hostnames: ["broken.example.com"]
  rules:
  - backendRefs: [{name: missing, port: 80}]
`;
const page = (status: string) => `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });

describe('Gateway API through the gateway-api add-on', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('gateway', 7); });
  afterEach(() => home.cleanup());
  const curl = (...args: string[]) => home.run(['exec', 'client', '--', 'curl', ...args]);

  it('installs the CRDs and a GatewayClass; an HTTPRoute routes by path and header, with a redirect filter', () => {
    expect(home.run('addon enable gateway-api')).toEqual(ok([
      'customresourcedefinition.apiextensions.k8s.io/gatewayclasses.gateway.networking.k8s.io created',
      'customresourcedefinition.apiextensions.k8s.io/gateways.gateway.networking.k8s.io created',
      'customresourcedefinition.apiextensions.k8s.io/httproutes.gateway.networking.k8s.io created',
      'customresourcedefinition.apiextensions.k8s.io/grpcroutes.gateway.networking.k8s.io created',
      'customresourcedefinition.apiextensions.k8s.io/referencegrants.gateway.networking.k8s.io created',
      'namespace/nginx-gateway created',
      'serviceaccount/nginx-gateway created',
      'service/nginx-gateway created',
      'deployment.apps/nginx-gateway created',
      'gatewayclass.gateway.networking.k8s.io/nginx created',
      'addon/gateway-api enabled',
      '',
    ].join('\n')));
    for (const cmd of ['create deployment web --image=nginx', 'expose deployment web --port=80', 'create deployment api --image=httpd',
      'expose deployment api --port=80', 'run client --image=nginx']) expect(home.run(cmd).code).toBe(0);
    expect(home.run(['apply', '-f', home.file('gateway.yaml', GATEWAY)])).toEqual(ok('gateway.gateway.networking.k8s.io/gateway created\nhttproute.gateway.networking.k8s.io/shop created\n'));
    home.run('tick 1m');
    expect(home.run('get gatewayclass')).toEqual(ok([
      'NAME    CONTROLLER                                   ACCEPTED   AGE',
      'nginx   gateway.nginx.org/nginx-gateway-controller   True       60s',
      '',
    ].join('\n')));
    // NGINX Gateway Fabric 1.x on a NodePort Service reports its pod's IP as the Gateway's address.
    expect(home.run('get gateway')).toEqual(ok([
      'NAME      CLASS   ADDRESS      PROGRAMMED   AGE',
      'gateway   nginx   10.244.1.3   True         60s',
      '',
    ].join('\n')));
    expect(home.run('get httproute')).toEqual(ok([
      'NAME   HOSTNAMES              AGE',
      'shop   ["shop.example.com"]   60s',
      '',
    ].join('\n')));
    expect(home.run('get svc -n nginx-gateway --no-headers').stdout).toMatch(/^nginx-gateway\s+NodePort\s+\S+\s+<none>\s+80:31778\/TCP,443:30969\/TCP\s+60s\n$/);
    const url = (path: string) => `http://172.18.0.3:31778${path}`;
    expect(curl('-s', '-H', 'Host: shop.example.com', url('/api/items'))).toEqual(ok(HTTPD_404)); // routed unrewritten: httpd has no /api/items
    expect(curl('-s', '-H', 'Host: shop.example.com', url('/'))).toEqual(ok(NGINX_WELCOME));
    expect(curl('-s', '-H', 'Host: shop.example.com', '-H', 'X-Canary: true', url('/'))).toEqual(ok(HTTPD_WELCOME));
    expect(curl('-sI', '-H', 'Host: shop.example.com', url('/old'))).toEqual(ok('HTTP/1.1 301 Moved Permanently\r\nLocation: http://shop.example.com/new\r\n\r\n'));
    expect(curl('-s', '-H', 'Host: other.example.com', url('/'))).toEqual(ok(page('404 Not Found')));
    expect(home.run(['get', 'gateway', 'gateway', '-o', 'jsonpath={.status.listeners[0].attachedRoutes} {.status.conditions[*].reason}'])).toEqual(ok('1 Accepted Programmed'));
    expect(home.run(['get', 'httproute', 'shop', '-o', 'jsonpath={.status.parents[0].controllerName}: {.status.parents[0].conditions[*].reason}']))
      .toEqual(ok('gateway.nginx.org/nginx-gateway-controller: Accepted ResolvedRefs'));

    // A backendRef to a missing Service: ResolvedRefs False, and the data plane answers 500.
    expect(home.run(['apply', '-f', home.file('broken.yaml', BROKEN)]).code).toBe(0);
    home.run('tick 5s');
    expect(home.run(['get', 'httproute', 'broken', '-o', 'jsonpath={.status.parents[0].conditions[?(@.type=="ResolvedRefs")].message}'])).toEqual(ok('spec.rules[0].backendRefs[0].name: Not found: "missing"'));
    expect(curl('-s', '-H', 'Host: broken.example.com', url('/'))).toEqual(ok(page('500 Internal Server Error')));
  });
});
