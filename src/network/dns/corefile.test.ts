import { describe, expect, it } from 'vitest';
import { CorefileError, parseCorefile } from './corefile';

const KUBEADM = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30
    loop
    reload
    loadbalance
}
`;

describe('parseCorefile', () => {
  it("reads kubeadm's Corefile", () => {
    expect(parseCorefile(KUBEADM)).toEqual({
      blocks: [{
        zones: ['.'],
        kubernetes: { zones: ['cluster.local.', 'in-addr.arpa.', 'ip6.arpa.'], pods: 'insecure', fallthrough: ['in-addr.arpa.', 'ip6.arpa.'], ttl: 30 },
        rewrites: [],
        forward: { from: '.', to: ['/etc/resolv.conf'] },
      }],
    });
  });

  it('reads hosts entries, fallthrough and comments', () => {
    const c = parseCorefile('.:53 {\n  hosts {\n    10.0.0.5 Legacy.example.com db.example.com # the old one\n    fallthrough\n  }\n}\n');
    expect(c.blocks[0]!.hosts).toEqual({ zones: ['.'], entries: [{ ip: '10.0.0.5', names: ['legacy.example.com.', 'db.example.com.'] }], fallthrough: [], ttl: 3600, noReverse: false });
  });

  it('reads rewrite name rules; an exact one renames its answers back', () => {
    const c = parseCorefile('.:53 {\n  rewrite name foo.example.com web.default.svc.cluster.local\n  rewrite stop name suffix .corp. .svc.cluster.local. answer auto\n  rewrite name regex (.*)\\.x {1}.y\n  rewrite ttl exact a. 10\n}\n');
    expect(c.blocks[0]!.rewrites).toEqual([
      { match: 'exact', from: 'foo.example.com', to: 'web.default.svc.cluster.local', answerName: true },
      { match: 'suffix', from: '.corp.', to: '.svc.cluster.local.', answerName: true },
      { match: 'regex', from: '(.*)\\.x', to: '{1}.y', answerName: false },
    ]);
  });

  it('keeps several server blocks with their zones', () => {
    const c = parseCorefile('.:53 {\n forward . 8.8.8.8\n}\nconsul.local:53 {\n  forward . 10.150.0.1\n}\n');
    expect(c.blocks.map((b) => [b.zones, b.forward])).toEqual([[['.'], { from: '.', to: ['8.8.8.8'] }], [['consul.local.'], { from: '.', to: ['10.150.0.1'] }]]);
  });

  it.each([
    ['an unknown directive', '.:53 {\n  bogus\n}\n', "Unknown directive 'bogus'"],
    ['an unclosed block', '.:53 {\n  errors\n', 'Unexpected EOF'],
    ['a stray closing brace', '}\n', "Unexpected token '}'"],
    ['forward without upstreams', '.:53 {\n  forward .\n}\n', "forward: Wrong argument count or unexpected line ending after '.'"],
    ['a bad pods mode', '.:53 {\n  kubernetes cluster.local {\n    pods sometimes\n  }\n}\n', "kubernetes: invalid pods mode 'sometimes'"],
    ['nothing at all', '# empty\n', 'no server blocks'],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseCorefile(text)).toThrow(new CorefileError(message));
  });
});
