import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll } from '../../testing';
import { ERR_REASON, nodePorts } from '.';

const withPorts = (name: string, ports: any[], nodeName?: string) =>
  makePod(name, { nodeName, containers: [{ name: 'c', image: 'x', ports }] });

// Cases from upstream node_ports_test.go.
describe('NodePorts', () => {
  it.each([
    ['nothing running', [{ containerPort: 80, hostPort: 8080 }], [], 'ok'],
    ['other port', [{ containerPort: 80, hostPort: 8080, hostIP: '127.0.0.1' }], [{ containerPort: 80, hostPort: 9090, hostIP: '127.0.0.1' }], 'ok'],
    ['same udp port', [{ containerPort: 80, hostPort: 8080, protocol: 'UDP', hostIP: '127.0.0.1' }], [{ containerPort: 80, hostPort: 8080, protocol: 'UDP', hostIP: '127.0.0.1' }], ERR_REASON],
    ['same tcp port', [{ hostPort: 8080, hostIP: '127.0.0.1' }], [{ hostPort: 8080, hostIP: '127.0.0.1' }], ERR_REASON],
    ['different host ip', [{ hostPort: 8080, hostIP: '127.0.0.1' }], [{ hostPort: 8080, hostIP: '127.0.0.2' }], 'ok'],
    ['different protocol', [{ hostPort: 8080, protocol: 'UDP', hostIP: '127.0.0.1' }], [{ hostPort: 8080, protocol: 'TCP', hostIP: '127.0.0.1' }], 'ok'],
    ['second udp port conflict', [{ hostPort: 8000, protocol: 'UDP', hostIP: '127.0.0.1' }, { hostPort: 8080, protocol: 'UDP', hostIP: '127.0.0.1' }],
      [{ hostPort: 8080, protocol: 'UDP', hostIP: '127.0.0.1' }], ERR_REASON],
    ['0.0.0.0 wanted vs specific ip used', [{ hostPort: 8001, protocol: 'TCP', hostIP: '0.0.0.0' }], [{ hostPort: 8001, protocol: 'TCP', hostIP: '127.0.0.1' }], ERR_REASON],
    ['specific ip wanted vs 0.0.0.0 used', [{ hostPort: 8001, protocol: 'TCP', hostIP: '127.0.0.1' }], [{ hostPort: 8001, protocol: 'TCP' }], ERR_REASON],
  ])('%s', (_n, wanted, used, expected) => {
    const existing = used.length ? [withPorts('old', used, 'n')] : [];
    expect(filterAll(nodePorts, withPorts('p', wanted), [makeNode('n')], existing)).toEqual({ n: expected });
  });
});
