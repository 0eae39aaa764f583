import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { convertNamedPorts, parseAddresses, parsePorts, translateServicePorts } from './forward-ports';

const pod: KubeObject = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1' },
  spec: { containers: [{ name: 'app', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }] },
};
const svc = (ports: object[], clusterIP = '10.96.0.20'): KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { clusterIP, ports } });

describe('translateServicePorts (kubectl translateServicePortToTargetPort)', () => {
  it.each([
    ['a numeric targetPort replaces the Service port', ['80'], [{ port: 80, targetPort: 8080 }], ['80:8080']],
    ['the local port stays when given', ['9000:80'], [{ port: 80, targetPort: 8080 }], ['9000:8080']],
    ['an omitted targetPort is the port itself', ['80'], [{ port: 80 }], ['80']],
    ['a named targetPort resolves in the pod', ['80'], [{ port: 80, targetPort: 'http' }], ['80:8080']],
    ['a named Service port gives its number to local and remote', ['web'], [{ name: 'web', port: 80, targetPort: 8080 }], ['80:8080']],
    ['a free local port stays free', [':80'], [{ port: 80, targetPort: 80 }], [':80']],
  ])('%s', (_name, specs, ports, want) => {
    expect(translateServicePorts(specs, svc(ports), pod)).toEqual(want);
  });

  it('keeps the port of a headless Service', () => {
    expect(translateServicePorts(['80'], svc([{ port: 80, targetPort: 8080 }], 'None'), pod)).toEqual(['80']);
  });

  it.each([
    [['81'], 'Service web does not have a service port 81'],
    [['https'], "Service 'web' does not have a named port 'https'"],
  ])('refuses %j', (specs, message) => {
    expect(() => translateServicePorts(specs, svc([{ port: 80, targetPort: 8080 }]), pod)).toThrow(message);
  });
});

describe('convertNamedPorts (kubectl convertPodNamedPortToNumber)', () => {
  it('resolves named container ports and keeps numbers', () => {
    expect(convertNamedPorts(['http', '9000:http', '8080', ':http'], pod)).toEqual(['8080', '9000:8080', '8080', ':8080']);
  });
  it('refuses an unknown name and an empty remote port', () => {
    expect(() => convertNamedPorts(['grpc'], pod)).toThrow("Pod 'web-1' does not have a named port 'grpc'");
    expect(() => convertNamedPorts(['8080:'], pod)).toThrow('remote port cannot be empty');
  });
});

describe('parsePorts (client-go portforward)', () => {
  it('reads REMOTE, LOCAL:REMOTE and :REMOTE', () => {
    expect(parsePorts(['80', '8080:80', ':443'])).toEqual([{ local: 80, remote: 80 }, { local: 8080, remote: 80 }, { local: 0, remote: 443 }]);
  });
  it.each([
    ['1:2:3', "invalid port format '1:2:3'"],
    ['x:80', `error parsing local port 'x': strconv.ParseUint: parsing "x": invalid syntax`],
    ['80:70000', `error parsing remote port '70000': strconv.ParseUint: parsing "70000": value out of range`],
    ['8080:0', 'remote port must be > 0'],
  ])('refuses %s', (spec, message) => {
    expect(() => parsePorts([spec])).toThrow(message);
  });
});

describe('parseAddresses (client-go portforward)', () => {
  it('turns localhost into 127.0.0.1 and ::1, either of which may fail, sorted', () => {
    expect(parseAddresses(['localhost'])).toEqual([
      { address: '127.0.0.1', protocol: 'tcp4', failureMode: 'all' },
      { address: '::1', protocol: 'tcp6', failureMode: 'all' },
    ]);
  });
  it('makes an explicit address one that must listen, and refuses a name', () => {
    expect(parseAddresses(['127.0.0.2', 'localhost']).map((a) => `${a.address}/${a.failureMode}`)).toEqual(['127.0.0.1/all', '127.0.0.2/any', '::1/all']);
    expect(() => parseAddresses(['example.com'])).toThrow('example.com is not a valid IP');
  });
});

describe('a named targetPort the pod lacks', () => {
  it('is the pod lookup\'s error', () => {
    expect(() => translateServicePorts(['80'], svc([{ port: 80, targetPort: 'metrics' }]), pod)).toThrow("Pod 'web-1' does not have a named port 'metrics'");
  });
});
