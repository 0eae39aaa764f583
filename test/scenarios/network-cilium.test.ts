/**
 * `cluster create --cni cilium`: Cilium's agent and operator run, kube-proxy does not (kubeadm
 * skips its add-on), and Services answer the same as through kube-proxy's rules.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('a Cilium cluster with kube-proxy replacement', () => {
  const home = manualCluster('cilium', 1, '--cni cilium');
  afterAll(() => home.cleanup());

  it('runs cilium pods on every node and no kube-proxy', () => {
    const pods = home.run('get pods -n kube-system -o name').stdout.split('\n').filter(Boolean);
    expect(pods.filter((p) => /^pod\/cilium-[a-z0-9]{5}$/.test(p))).toHaveLength(3);
    expect(pods.filter((p) => p.startsWith('pod/cilium-operator-'))).toHaveLength(2);
    expect(pods.some((p) => p.startsWith('pod/kube-proxy-'))).toBe(false);
    expect(home.run('get ds -n kube-system -o name').stdout).toBe('daemonset.apps/cilium\n');
    expect(home.run('get nodes').stdout).not.toContain('NotReady');
  });

  it('routes a Service, and proxy-rules says no kube-proxy programs the node', () => {
    expect(home.run('create deployment web --image=nginx').code).toBe(0);
    expect(home.run('expose deployment web --port 80').code).toBe(0);
    expect(home.run(['run', 'client', '--image=busybox', '--command', '--', 'sleep', '3600']).code).toBe(0);
    home.run('tick 30s');
    expect(home.run('exec client -- wget -qO- -T 2 http://web').stdout).toContain('<title>Welcome to nginx!</title>');
    expect(home.run('node proxy-rules worker01')).toEqual({
      code: 1, stdout: '', stderr: 'error: kube-proxy does not run on node worker01: this cluster has no kube-proxy DaemonSet (its CNI, e.g. Cilium, routes Services itself)\n',
    });
  });
});
