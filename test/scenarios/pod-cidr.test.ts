/**
 * Node pod CIDRs, as kube-controller-manager's range allocator hands them out: a cluster made
 * with more than 256 nodes gets a pod network with a /24 for each (kubeadm-config's podSubnet,
 * kube-proxy's clusterCIDR and the controller manager's --cluster-cidr say which), a node added
 * later gets the next one, with or without kube-proxy, and a node the network has no CIDR left
 * for gets none: a CIDRNotAvailable event, NotReady, and pods on it never get a sandbox. A node
 * pool's VMs (Azure CNI overlay: pods take addresses from their node's /24) are no different.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const homes: { cleanup(): void }[] = [];
afterAll(() => { for (const h of homes) h.cleanup(); });

const cidrs = '-o=custom-columns=NAME:.metadata.name,CIDR:.spec.podCIDR,IP:.status.addresses[0].address';

describe('pod CIDRs', () => {
  it('fit a cluster made with 300 workers: a /15, every node its own /24, pods addressed from it', () => {
    const home = manualCluster('big', 3, '--workers 300');
    homes.push(home);
    expect(home.run(['get', 'nodes', 'control01', 'worker255', 'worker300', cidrs]).stdout).toBe([
      'NAME        CIDR              IP',
      'control01   10.244.0.0/24     172.18.0.2',
      'worker255   10.244.255.0/24   172.18.1.1',
      'worker300   10.245.44.0/24    172.18.1.46',
      '',
    ].join('\n'));
    const podCIDRs = home.run(['get', 'nodes', '-o', 'jsonpath={.items[*].spec.podCIDR}']).stdout.split(' ');
    expect(podCIDRs).toHaveLength(301);
    expect(new Set(podCIDRs).size).toBe(301);
    expect(home.run(['get', 'cm', '-n', 'kube-system', 'kubeadm-config', '-o', 'jsonpath={.data.ClusterConfiguration}']).stdout).toContain('\n  podSubnet: 10.244.0.0/15\n');
    expect(home.run(['get', 'cm', '-n', 'kube-system', 'kube-proxy', '-o', 'jsonpath={.data.config\\.conf}']).stdout).toContain('\nclusterCIDR: 10.244.0.0/15\n');
    expect(home.run(['get', 'pod', '-n', 'kube-system', 'kube-controller-manager-control01', '-o', 'jsonpath={.spec.containers[0].command[1]}']).stdout).toBe('--cluster-cidr=10.244.0.0/15');
    expect(home.run('run p --image nginx --overrides {"spec":{"nodeName":"worker300"}}').code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(home.run(['get', 'pod', 'p', '-o', 'jsonpath={.status.podIP}']).stdout).toBe('10.245.44.2');
  });

  it('leave a node the network has no CIDR for without one: CIDRNotAvailable, NotReady, no sandbox', () => {
    const home = manualCluster('small', 7);
    homes.push(home);
    expect(home.run(['get', 'pod', '-n', 'kube-system', 'kube-controller-manager-control01', '-o', 'jsonpath={.spec.containers[0].command[1]}']).stdout).toBe('--cluster-cidr=10.244.0.0/16');
    // A pod network of two node CIDRs: control01's and worker01's take both.
    const conf = home.run(['get', 'cm', '-n', 'kube-system', 'kubeadm-config', '-o', 'jsonpath={.data.ClusterConfiguration}']).stdout;
    expect(conf).toContain('\n  podSubnet: 10.244.0.0/16\n');
    const patch = { data: { ClusterConfiguration: conf.replace('podSubnet: 10.244.0.0/16', 'podSubnet: 10.244.0.0/23') } };
    expect(home.run(['patch', 'cm', '-n', 'kube-system', 'kubeadm-config', '--type', 'merge', '-p', JSON.stringify(patch)]).code).toBe(0);
    expect(home.run('node add worker03')).toEqual({ code: 0, stdout: 'node/worker03 created\n', stderr: '' });
    expect(home.run('tick 30s').code).toBe(0);
    expect(home.run(['get', 'node', 'worker03', cidrs]).stdout).toBe('NAME       CIDR     IP\nworker03   <none>   172.18.0.5\n');
    expect(home.run('get node worker03 --no-headers').stdout).toMatch(/^worker03\s+NotReady\s/);
    expect(home.run('get events --field-selector involvedObject.name=worker03').stdout).toBe([
      'LAST SEEN   TYPE     REASON             OBJECT          MESSAGE',
      '30s         Normal   RegisteredNode     node/worker03   Node worker03 event: Registered Node worker03 in Controller',
      '30s         Normal   CIDRNotAvailable   node/worker03   Node worker03 status is now: CIDRNotAvailable',
      '',
    ].join('\n'));
    expect(home.run('run p --image nginx --overrides {"spec":{"nodeName":"worker03"}}').code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(home.run('get pod p --no-headers').stdout).toMatch(/^p\s+0\/1\s+ContainerCreating\s/);
    expect(home.run('get events --field-selector involvedObject.name=p,reason=NetworkNotReady -o jsonpath={.items[0].type}').stdout).toBe('Warning');
  });

  it('leave a node pool\'s VMs the network has no CIDR for NotReady, booted with the pool or scaled up later', () => {
    const home = manualCluster('pools', 7, '--workers 0');
    homes.push(home);
    // A pod network of two node CIDRs: control01's and the pool's first VM's take both.
    const conf = home.run(['get', 'cm', '-n', 'kube-system', 'kubeadm-config', '-o', 'jsonpath={.data.ClusterConfiguration}']).stdout;
    const patch = { data: { ClusterConfiguration: conf.replace('podSubnet: 10.244.0.0/16', 'podSubnet: 10.244.0.0/23') } };
    expect(home.run(['patch', 'cm', '-n', 'kube-system', 'kubeadm-config', '--type', 'merge', '-p', JSON.stringify(patch)]).code).toBe(0);
    expect(home.run('nodepool add --name user --node-vm-size Standard_D4s_v5 --node-count 2').stdout).toBe('nodepool/user created\n');
    expect(home.run('nodepool scale --name user --node-count 3').stdout).toBe('nodepool/user scaled\n');
    expect(home.run('tick 5m').code).toBe(0);
    expect(home.run(['get', 'nodes', '-l', 'agentpool=user', '-o', 'custom-columns=NAME:.metadata.name,CIDR:.spec.podCIDR,READY:.status.conditions[?(@.type=="Ready")].status']).stdout).toBe([
      'NAME                           CIDR            READY',
      'aks-user-46791800-vmss000000   10.244.1.0/24   True',
      'aks-user-46791800-vmss000001   <none>          False',
      'aks-user-46791800-vmss000002   <none>          False',
      '',
    ].join('\n'));
    expect(home.run('get events --field-selector reason=CIDRNotAvailable -o jsonpath={.items[*].involvedObject.name}').stdout)
      .toBe('aks-user-46791800-vmss000001 aks-user-46791800-vmss000002');
  });

  it('give a node added to a cluster without kube-proxy the next CIDR of the network the cluster was made with', () => {
    const home = manualCluster('cilium', 3, '--workers 300 --cni cilium');
    homes.push(home);
    expect(home.run('get cm -n kube-system kube-proxy').code).toBe(1);
    expect(home.run('node add worker301')).toEqual({ code: 0, stdout: 'node/worker301 created\n', stderr: '' });
    expect(home.run(['get', 'node', 'worker301', cidrs]).stdout).toBe('NAME        CIDR             IP\nworker301   10.245.45.0/24   172.18.1.47\n');
  });
});
