/**
 * node-host faults and tools: a broken kube-controller-manager manifest stops the controllers
 * (a Deployment gets no ReplicaSet) until it is restored; a component's unknown flag makes
 * its mirror pod crash-loop with the flag error in its log; a broken etcd manifest (flag,
 * certificate path, image) takes the API server down until fixed; an emptied /etc/cni/net.d
 * makes its node NotReady until a config is back; expired certificates refuse kubectl until
 * renewed; `journalctl -f` in a
 * non-interactive run prints its last lines and returns; the node shell expands globs. One
 * cluster, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const KCM = '/etc/kubernetes/manifests/kube-controller-manager.yaml';
const SCHEDULER = '/etc/kubernetes/manifests/kube-scheduler.yaml';
const ETCD = '/etc/kubernetes/manifests/etcd.yaml';
const REFUSED = 'The connection to the server 172.18.0.2:6443 was refused - did you specify the right host or port?\n';

describe('node host', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('faults', 5); });
  afterAll(() => home.cleanup());
  const ssh = (script: string) => home.run(['ssh', 'control01', '--', script]);

  it('a broken kube-controller-manager manifest leaves a Deployment without a ReplicaSet until it is restored', () => {
    expect(ssh(`sed -i 's/--leader-elect=true/--leader-elects=true/' ${KCM}`)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(home.run('create deployment web --image=nginx:1.27').code).toBe(0);
    home.run('tick 30s');
    expect(home.run('get deploy web')).toEqual({ code: 0, stderr: '', stdout: 'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    0/1     0            0           30s\n' });
    expect(home.run('get rs')).toEqual({ code: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    expect(home.run('get componentstatuses controller-manager').stdout).toBe(
      'NAME                 STATUS      MESSAGE                                                                                        ERROR\n'
      + 'controller-manager   Unhealthy   Get "https://127.0.0.1:10257/healthz": dial tcp 127.0.0.1:10257: connect: connection refused   \n');

    expect(ssh(`sed -i 's/--leader-elects=true/--leader-elect=true/' ${KCM}`).code).toBe(0);
    home.run('tick 30s');
    expect(home.run('get deploy web --no-headers').stdout).toBe('web   1/1   1     1     60s\n');
    expect(home.run('get rs --no-headers').stdout).toMatch(/^web-[a-z0-9]+ +1 +1 +1 +30s\n$/);
    expect(home.run('get componentstatuses controller-manager --no-headers').stdout).toBe('controller-manager   Healthy   ok    \n');
  });

  it('journalctl -f prints the last 10 lines (or -n N) and returns, as with its reader gone', () => {
    expect(ssh('systemctl restart kubelet').code).toBe(0);
    const all = ssh('journalctl -u kubelet').stdout.split('\n').slice(0, -1);
    expect(all).toHaveLength(17);
    const last = (n: number) => `${all.slice(-n).join('\n')}\n`;
    expect(ssh('journalctl -u kubelet -f')).toEqual({ code: 0, stdout: last(10), stderr: '' });
    expect(ssh('journalctl -fu kubelet -n 3').stdout).toBe(last(3));
    expect(ssh('journalctl -xeu kubelet').stdout).toBe(last(17));
    expect(all.at(-1)).toBe('Jan 01 00:06:00 control01 kubelet[1140]: I0101 00:06:00.000000    1140 kubelet_node_status.go:78] "Successfully registered node" node="control01"');
  });

  it('the node shell expands globs, as bash does', () => {
    expect(ssh('ls /etc/kubernetes/manifests/*.yaml').stdout).toBe([
      '/etc/kubernetes/manifests/etcd.yaml', '/etc/kubernetes/manifests/kube-apiserver.yaml',
      '/etc/kubernetes/manifests/kube-controller-manager.yaml', '/etc/kubernetes/manifests/kube-scheduler.yaml', ''].join('\n'));
    expect(ssh("cat /etc/kubernetes/pki/*.crt | grep -c 'BEGIN CERTIFICATE'").stdout).toBe('6\n');
    expect(ssh('cd /etc/kubernetes/manifests && ls kube-s* && echo *.json "*.yaml"')).toEqual({ code: 0, stderr: '', stdout: 'kube-scheduler.yaml\n*.json *.yaml\n' });
    expect(ssh('ls /etc/kubernetes/pki/etcd/ca.*').stdout).toBe('/etc/kubernetes/pki/etcd/ca.crt\n/etc/kubernetes/pki/etcd/ca.key\n');
  });

  it('an unknown flag in kube-scheduler\'s manifest crash-loops its mirror pod with the flag error in its log until fixed', () => {
    expect(ssh(`sed -i 's/--leader-elect=true/--xyz=true/' ${SCHEDULER}`).code).toBe(0);
    home.run('tick 1m');
    expect(home.run('get pod -n kube-system kube-scheduler-control01').stdout).toBe(
      'NAME                       READY   STATUS             RESTARTS      AGE\nkube-scheduler-control01   0/1     CrashLoopBackOff   3 (29s ago)   60s\n');
    expect(home.run('logs -n kube-system kube-scheduler-control01')).toEqual({ code: 0, stderr: '', stdout: 'Error: unknown flag: --xyz\n' });
    expect(ssh('crictl logs $(crictl ps -a --name kube-scheduler -q)').stderr).toBe('Error: unknown flag: --xyz\n');
    expect(ssh(`sed -i 's/--xyz=true/--leader-elect=true/' ${SCHEDULER}`).code).toBe(0);
    home.run('tick 30s');
    expect(home.run('get pod -n kube-system kube-scheduler-control01 --no-headers').stdout).toBe('kube-scheduler-control01   1/1   Running   0     30s\n');
  });

  it('a broken etcd manifest — an unknown flag, a missing certificate, an image that does not exist — refuses kubectl until fixed', () => {
    const breaks: [string, RegExp | undefined][] = [
      ['s/--data-dir=/--datadir=/', /^flag provided but not defined: -datadir\n$/],
      ['s#pki/etcd/server.crt#pki/etcd/srv.crt#', /^\{"level":"fatal","ts":"[0-9T:.-]+Z","caller":"etcdmain\/etcd.go:204","msg":"discovery failed","error":"open \/etc\/kubernetes\/pki\/etcd\/srv.crt: no such file or directory"\}\n$/],
      ['s#etcd:3.5.16-0#etcd:3.5.61-0#', undefined],
    ];
    for (const [sed, log] of breaks) {
      expect(ssh(`cp ${ETCD} /root/etcd.yaml && sed -i '${sed}' ${ETCD}`).code).toBe(0);
      expect(home.run('get nodes')).toEqual({ code: 1, stdout: '', stderr: REFUSED });
      home.run('tick 1m');
      const logs = ssh('crictl logs $(crictl ps -a --name etcd -q)');
      if (log) expect(logs.stdout + logs.stderr).toMatch(log);
      else expect(ssh('crictl ps -a --name etcd -q').stdout).toBe('');
      expect(ssh(`cp /root/etcd.yaml ${ETCD}`).code).toBe(0);
      expect(home.run('get nodes control01 --no-headers').stdout).toMatch(/^control01 +Ready +control-plane/);
    }
  });
  it('an emptied /etc/cni/net.d makes the node NotReady with the runtime\'s message and leaves its new pods without a network until restored', () => {
    const w = (script: string) => home.run(['ssh', 'worker01', '--', script]);
    expect(w('mkdir /root/cni && mv /etc/cni/net.d/* /root/cni/ && ls /etc/cni/net.d')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(home.run(['run', 'p', '--image=nginx:1.27', '--overrides={"spec":{"nodeName":"worker01"}}']).code).toBe(0);
    home.run('tick 1m');
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].message}']).stdout).toBe(
      'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized');
    expect(home.run('get node worker01 --no-headers').stdout).toMatch(/^worker01 +NotReady +<none> /);
    expect(home.run('get pod p --no-headers').stdout).toBe('p     0/1   ContainerCreating   0     60s\n');
    expect(home.run('get events --field-selector involvedObject.name=p,reason=NetworkNotReady -o jsonpath={.items[0].message}').stdout).toBe(
      'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized');
    expect(w('mv /root/cni/* /etc/cni/net.d/ && ls /etc/cni/net.d')).toEqual({ code: 0, stdout: '10-kubemu.conflist\n', stderr: '' });
    home.run('tick 30s');
    expect(home.run('get node worker01 --no-headers').stdout).toMatch(/^worker01 +Ready +<none> /);
    expect(home.run('get pod p --no-headers').stdout).toBe('p     1/1   Running   0     90s\n');
  });
  it('a year and a day later kubeadm\'s certificates have expired and kubectl fails the TLS handshake; kubeadm certs renew all fixes it', () => {
    home.run('tick 8784h');
    const now = home.run('get nodes');
    expect(now.code).toBe(1);
    expect(now.stdout).toBe('');
    expect(now.stderr).toMatch(/^Unable to connect to the server: tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2027-01-0\dT\d\d:\d\d:\d\dZ is after 2027-01-01T00:00:00Z\n$/);
    expect(ssh('kubeadm certs check-expiration').stdout.split('\n')[5]).toBe('apiserver                  Jan 01, 2027 00:00 UTC   <invalid>       ca                      no');
    expect(ssh('kubeadm certs renew all').code).toBe(0);
    expect(home.run('get nodes control01 --no-headers').stdout).toMatch(/^control01 +Ready +control-plane/);
    expect(ssh('kubeadm certs check-expiration').stdout.split('\n')[5]).toMatch(/^apiserver +Jan 0\d, 2028 \d\d:\d\d UTC   364d +ca +no$/);
  });
});
