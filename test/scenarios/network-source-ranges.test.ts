/**
 * network-source-ranges: spec.loadBalancerSourceRanges end to end on the aks profile (whose
 * cloud-controller-manager gives LoadBalancers an address) — the API server's refusals, a pod
 * outside the ranges timing out on the load-balancer IP while one inside gets the page and the
 * node port stays open to both, and the firewall chains kube-proxy programs in iptables and
 * nftables mode (the latter also picked by the kube-proxy ConfigMap's mode).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const aks = manualCluster('ranges', 7, '--node-profile aks');
afterAll(() => aks.cleanup());

const apply = (name: string, yaml: string) => aks.run(['apply', '-f', aks.file(name, yaml)]);
const guarded = (type: string, ranges: string[]) =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: guarded\nspec:\n  type: ${type}\n  loadBalancerSourceRanges:\n${ranges.map((r) => `  - ${r}\n`).join('')}  selector:\n    app: web\n  ports:\n  - port: 80\n    nodePort: 30100\n`;
const client = (name: string, node: string) =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  nodeName: ${node}\n  containers:\n  - name: c\n    image: busybox\n    command: ["sleep", "3600"]\n`;
const NOT_CIDRS = 'must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 ';
// Chain names computed independently: sha256 in base32, 16 characters (iptables) or 8 (nftables).
const b32 = (s: string, n: number) => {
  const bits = [...createHash('sha256').update(s).digest()].map((b) => b.toString(2).padStart(8, '0')).join('');
  return Array.from({ length: n }, (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[parseInt(bits.slice(i * 5, i * 5 + 5), 2)]).join('');
};

describe('loadBalancerSourceRanges', () => {
  it('is refused on a Service that is not a LoadBalancer, and when an entry is not a CIDR', () => {
    expect(apply('np.yaml', guarded('NodePort', ['10.244.1.0/24']))).toEqual({
      stdout: '', code: 1,
      stderr: "The Service \"guarded\" is invalid: spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'\n",
    });
    expect(apply('bad.yaml', guarded('LoadBalancer', ['10.244.1.0/24', '10.244.2.7']))).toEqual({
      stdout: '', code: 1,
      stderr: `The Service "guarded" is invalid: spec.LoadBalancerSourceRanges: Invalid value: "[10.244.1.0/24 10.244.2.7]": ${NOT_CIDRS}\n`,
    });
  });

  describe('admitted and dropped clients', () => {
    beforeAll(() => {
      expect(aks.run('create deploy web --image=nginx --port=80').code).toBe(0);
      // worker01's pods are 10.244.1.x, worker02's 10.244.2.x: only worker01's are in the range.
      expect(apply('guarded.yaml', guarded('LoadBalancer', ['10.244.1.0/24'])).stdout).toBe('service/guarded created\n');
      expect(apply('inside.yaml', client('inside', 'worker01')).code).toBe(0);
      expect(apply('outside.yaml', client('outside', 'worker02')).code).toBe(0);
      aks.run('tick 30s');
    });

    it('lets a pod inside the ranges reach the load-balancer IP and drops one outside (the client times out)', () => {
      expect(aks.run('get svc guarded -o jsonpath={.status.loadBalancer.ingress[0].ip}').stdout).toBe('20.81.110.1');
      expect(aks.run('exec inside -- wget -qO- -T 5 http://20.81.110.1/').stdout).toContain('<h1>Welcome to nginx!</h1>');
      expect(aks.run('exec outside -- wget -qO- -T 5 http://20.81.110.1/')).toEqual({
        stdout: '', stderr: 'wget: download timed out\ncommand terminated with exit code 1\n', code: 1,
      });
      // Node ports are not subject to the ranges.
      expect(aks.run('exec outside -- wget -qO- -T 5 http://172.18.0.3:30100/').stdout).toContain('<h1>Welcome to nginx!</h1>');
    });

    it('shows KUBE-FW in iptables mode and a firewall chain in nftables mode', () => {
      const fw = `KUBE-FW-${b32('default/guardedtcp', 16)}`;
      const ext = `KUBE-EXT-${b32('default/guardedtcp', 16)}`;
      const ipt = aks.run('node proxy-rules worker01 --mode iptables').stdout.split('\n');
      expect(ipt.filter((l) => l.includes('20.81.110.1') || l.includes(`-A ${fw}`))).toEqual([
        `-A KUBE-PROXY-FIREWALL -d 20.81.110.1/32 -p tcp -m comment --comment "default/guarded traffic not accepted by ${fw}" -m tcp --dport 80 -j DROP`,
        `-A ${fw} -s 10.244.1.0/24 -m comment --comment "default/guarded loadbalancer IP" -j ${ext}`,
        `-A ${fw} -m comment --comment "other traffic to default/guarded will be dropped by KUBE-PROXY-FIREWALL"`,
        `-A KUBE-SERVICES -d 20.81.110.1/32 -p tcp -m comment --comment "default/guarded loadbalancer IP" -m tcp --dport 80 -j ${fw}`,
      ]);
      const base = `${b32('default/guarded/tcp/', 8)}-default/guarded/tcp/`;
      const nft = aks.run('node proxy-rules worker01 --mode nftables').stdout.split('\n');
      expect(nft.filter((l) => l.includes(`firewall-${base}`))).toEqual([
        `add chain ip kube-proxy firewall-${base}`,
        `add rule ip kube-proxy firewall-${base} ip saddr != { 10.244.1.0/24 } drop`,
        `add element ip kube-proxy firewall-ips { 20.81.110.1 . tcp . 80 : goto firewall-${base} }`,
      ]);
    });
  });
});

describe('kube-proxy in nftables mode', () => {
  it("prints the nftables ruleset by default once the kube-proxy ConfigMap's mode is nftables", () => {
    expect(aks.run('node proxy-rules worker01').stdout).toMatch(/^\*filter\n/);
    const conf = 'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: 10.244.0.0/16\nmode: nftables\n';
    expect(aks.run(['-n', 'kube-system', 'patch', 'cm', 'kube-proxy', '--type', 'merge', '-p', JSON.stringify({ data: { 'config.conf': conf } })]).code).toBe(0);
    const out = aks.run('node proxy-rules worker01').stdout.split('\n');
    expect(out.slice(0, 2)).toEqual(['add table ip kube-proxy { comment "rules for kube-proxy" ; }', 'add chain ip kube-proxy cluster-ips-check']);
    const https = `${b32('default/kubernetes/tcp/https', 8)}-default/kubernetes/tcp/https`;
    expect(out.filter((l) => l.includes(`service-${https}`))).toEqual([
      `add chain ip kube-proxy service-${https}`,
      `add rule ip kube-proxy service-${https} ip daddr 10.96.0.1 tcp dport 443 ip saddr != 10.244.0.0/16 jump mark-for-masquerade`,
      `add rule ip kube-proxy service-${https} numgen random mod 1 vmap { 0 : goto endpoint-${b32('default/kubernetes/tcp/https__172.18.0.2/6443', 8)}-default/kubernetes/tcp/https__172.18.0.2/6443 }`,
      `add element ip kube-proxy service-ips { 10.96.0.1 . tcp . 443 : goto service-${https} }`,
    ]);
    expect(out).toContain('add element ip kube-proxy nodeport-ips { 172.18.0.3 }');
  });
});
