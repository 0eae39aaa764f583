/**
 * node-host: `kubemu ssh NODE` — the exam's node tasks end to end through the real CLI: a
 * static pod written on a node, a stopped kubelet, a broken kube-apiserver manifest, and the
 * host's tools (systemctl, journalctl, crictl, kubeadm).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
afterEach(() => home?.cleanup());

const STATIC_WEB = `cat > /etc/kubernetes/manifests/static-web.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: static-web
spec:
  containers:
  - name: web
    image: nginx:1.27
EOF
ls /etc/kubernetes/manifests
`;

describe('kubemu ssh', () => {
  it('a manifest written on a worker becomes a static pod, mirrored as NAME-NODE; removing it removes the pod', () => {
    home = manualCluster();
    expect(home.run('ssh worker01', { stdin: STATIC_WEB })).toEqual({ stdout: 'static-web.yaml\n', stderr: '', code: 0 });
    home.run('tick 10s');
    expect(home.run('get pods').stdout).toBe([
      'NAME                  READY   STATUS    RESTARTS   AGE',
      'static-web-worker01   1/1     Running   0          10s',
      '',
    ].join('\n'));
    // kubemu node manifests reads the same folder.
    expect(home.run('node manifests worker01').stdout).toContain('static-web.yaml   default     static-web   static-web-worker01');
    expect(home.run(['ssh', 'worker01', '--', 'crictl ps | grep web']).stdout).toMatch(/^[0-9a-f]{13} {7}[0-9a-f]{13} {7}\d+ seconds ago +Running {13}web {17}0 {19}[0-9a-f]{13} {7}static-web-worker01 +default\n$/);
    expect(home.run(['ssh', 'worker01', '--', 'mv /etc/kubernetes/manifests/static-web.yaml /root/']).code).toBe(0);
    home.run('tick 5s');
    expect(home.run('get pods').stderr).toBe('No resources found in default namespace.\n');
    expect(home.run(['ssh', 'worker01', '--', 'ls /root']).stdout).toBe('static-web.yaml\n');
  });

  it('the kubelet stopped with systemctl makes the node NotReady after the grace period, and Ready again once started', () => {
    home = manualCluster();
    expect(home.run(['ssh', 'worker01', '--', 'systemctl stop kubelet; systemctl is-active kubelet'])).toEqual({ stdout: 'inactive\n', stderr: '', code: 3 });
    const status = home.run(['ssh', 'worker01', '--', 'systemctl status kubelet']);
    expect(status.code).toBe(3);
    expect(status.stdout.split('\n').slice(0, 5)).toEqual([
      '○ kubelet.service - kubelet: The Kubernetes Node Agent',
      '     Loaded: loaded (/usr/lib/systemd/system/kubelet.service; enabled; preset: enabled)',
      '    Drop-In: /usr/lib/systemd/system/kubelet.service.d',
      '             └─10-kubeadm.conf',
      '     Active: inactive (dead) since Thu 2026-01-01 00:05:00 UTC; now',
    ]);
    home.run('tick 30s');
    expect(home.run('get node worker01 --no-headers').stdout).toMatch(/^worker01 +Ready /);
    home.run('tick 20s');
    expect(home.run('get node worker01 --no-headers').stdout).toMatch(/^worker01 +NotReady /);
    const journal = home.run(['ssh', 'worker01', '--', 'journalctl -u kubelet --no-pager -n 3']);
    expect(journal.stdout).toBe([
      'Jan 01 00:05:00 worker01 systemd[1]: Stopping kubelet.service - kubelet: The Kubernetes Node Agent...',
      'Jan 01 00:05:00 worker01 systemd[1]: kubelet.service: Deactivated successfully.',
      'Jan 01 00:05:00 worker01 systemd[1]: Stopped kubelet.service - kubelet: The Kubernetes Node Agent.',
      '',
    ].join('\n'));
    expect(home.run(['ssh', 'worker01', '--', 'systemctl start kubelet']).code).toBe(0);
    home.run('tick 10s');
    expect(home.run('get node worker01 --no-headers').stdout).toMatch(/^worker01 +Ready /);
  });

  it("a kubelet whose config file is gone fails to start, with the kubelet's error in the journal", () => {
    home = manualCluster();
    const r = home.run(['ssh', 'worker01', '--', 'mv /var/lib/kubelet/config.yaml /root/; systemctl restart kubelet; systemctl is-active kubelet; journalctl -u kubelet -n 3']);
    expect(r.stdout).toBe([
      'activating',
      'Jan 01 00:05:00 worker01 kubelet[1140]: E0101 00:05:00.000000    1140 run.go:72] "command failed" err="failed to load kubelet config file, path: /var/lib/kubelet/config.yaml, error: failed to load Kubelet config file /var/lib/kubelet/config.yaml, error failed to read kubelet config file "/var/lib/kubelet/config.yaml", error: open /var/lib/kubelet/config.yaml: no such file or directory"',
      'Jan 01 00:05:00 worker01 systemd[1]: kubelet.service: Main process exited, code=exited, status=1/FAILURE',
      "Jan 01 00:05:00 worker01 systemd[1]: kubelet.service: Failed with result 'exit-code'.",
      '',
    ].join('\n'));
    home.run('tick 50s');
    expect(home.run('get node worker01 --no-headers').stdout).toMatch(/^worker01 +NotReady /);
    // Put it back, restart, and the node is Ready again.
    expect(home.run(['ssh', 'worker01', '--', 'mv /root/config.yaml /var/lib/kubelet/; systemctl restart kubelet; systemctl is-active kubelet']).stdout).toBe('active\n');
    home.run('tick 10s');
    expect(home.run('get node worker01 --no-headers').stdout).toMatch(/^worker01 +Ready /);
  });

  it('a typo in the kube-apiserver manifest refuses every kubectl verb until it is fixed; ssh still works', () => {
    home = manualCluster();
    const edit = (from: string, to: string) => home.run(['ssh', 'control01', '--', `sed -i 's/${from}/${to}/' /etc/kubernetes/manifests/kube-apiserver.yaml`]);
    expect(edit('--authorization-mode=', '--authorization-modes=').code).toBe(0);
    const refused = { stdout: '', stderr: 'The connection to the server 172.18.0.2:6443 was refused - did you specify the right host or port?\n', code: 1 };
    expect(home.run('get pods')).toEqual(refused);
    expect(home.run('get nodes -A')).toEqual(refused);
    expect(home.run(['ssh', 'control01', '--', 'grep authorization /etc/kubernetes/manifests/kube-apiserver.yaml']).stdout).toBe('    - --authorization-modes=Node,RBAC\n');
    edit('--authorization-modes=', '--authorization-mode=');
    expect(home.run('get nodes --no-headers').code).toBe(0);
    // An image that does not exist takes it down too.
    edit('kube-apiserver:v1.32.2', 'kube-apiserver:v1.32.99');
    expect(home.run('get pods')).toEqual(refused);
  });

  it('a broken kube-scheduler manifest leaves new pods Pending until it is fixed', () => {
    home = manualCluster();
    home.run(['ssh', 'control01', '--', "sed -i 's/--leader-elect=true/--leader-elects=true/' /etc/kubernetes/manifests/kube-scheduler.yaml"]);
    home.run('run web --image=nginx:1.27');
    home.run('tick 30s');
    expect(home.run('get pod web --no-headers').stdout).toMatch(/^web +0\/1 +Pending /);
    home.run(['ssh', 'control01', '--', "sed -i 's/--leader-elects/--leader-elect/' /etc/kubernetes/manifests/kube-scheduler.yaml"]);
    home.run('tick 10s');
    expect(home.run('get pod web --no-headers').stdout).toMatch(/^web +1\/1 +Running /);
  });

  it("records the kubelet's events about a static pod under its static UID, where kubectl describe finds them", () => {
    home = manualCluster();
    const hash = home.run(['get', 'pod', '-n', 'kube-system', 'etcd-control01', '-o', 'jsonpath={.metadata.annotations.kubernetes\\.io/config\\.mirror}']).stdout;
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(home.run(['get', 'events', '-n', 'kube-system', '--field-selector', 'involvedObject.name=etcd-control01', '-o', 'jsonpath={range .items[*]}{.involvedObject.uid} {.involvedObject.resourceVersion}|{end}']).stdout)
      .toBe(`${hash} |`.repeat(4));
    expect(home.run('describe pod -n kube-system etcd-control01').stdout).toMatch(/\n  Normal  Started  4m57s  kubelet  Started container etcd\n$/);
  });

  it("kubeadm prints a join command for the control plane, and an unknown host is ssh's error", () => {
    home = manualCluster();
    expect(home.run(['ssh', 'control01', '--', 'kubeadm token create --print-join-command']).stdout)
      .toMatch(/^kubeadm join 172\.18\.0\.2:6443 --token [a-z0-9]{6}\.[a-z0-9]{16} --discovery-token-ca-cert-hash sha256:[0-9a-f]{64} \n$/);
    expect(home.run('ssh node99 -- hostname')).toEqual({ stdout: '', stderr: 'ssh: Could not resolve hostname node99: Name or service not known\n', code: 255 });
  });

  it('kubeadm upgrade: the control plane, then one worker — drain, upgrade the kubelet, uncordon — and VERSION moves', () => {
    home = manualCluster();
    const cp = (cmds: string) => home.run(['ssh', 'control01', '--', cmds]);
    // kubeadm refuses a target above its own version.
    expect(cp('kubeadm upgrade apply v1.32.4').stdout).toContain('Specified version to upgrade to "v1.32.4" is higher than the kubeadm version "v1.32.2". Upgrade kubeadm first');
    expect(cp('apt-get update >/dev/null && apt-get install -y kubeadm=1.32.4-1.1 >/dev/null && kubeadm version -o short; kubeadm upgrade plan | grep kube-apiserver').stdout)
      .toBe('kubeadm version: &version.Info{Major:"1", Minor:"32", GitVersion:"v1.32.4", GitTreeState:"clean", GoVersion:"go1.23.6", Compiler:"gc", Platform:"linux/amd64"}\nkube-apiserver            control01   v1.32.2    v1.32.4\n');
    const apply = cp('kubeadm upgrade apply v1.32.4 -y');
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('[upgrade] SUCCESS! A control plane node of your cluster was upgraded to "v1.32.4".\n');
    home.run('tick 10s');
    expect(home.run('get pod -n kube-system kube-apiserver-control01 -o jsonpath={.spec.containers[0].image}').stdout).toBe('registry.k8s.io/kube-apiserver:v1.32.4');
    expect(home.run('drain control01 --ignore-daemonsets').code).toBe(0);
    expect(cp('apt-get install -y kubelet=1.32.4-1.1 kubectl=1.32.4-1.1 >/dev/null && systemctl daemon-reload && systemctl restart kubelet').code).toBe(0);
    expect(home.run('uncordon control01').stdout).toBe('node/control01 uncordoned\n');
    // The worker: kubeadm upgrade node, then its kubelet.
    expect(home.run('drain worker01 --ignore-daemonsets').code).toBe(0);
    const w = home.run(['ssh', 'worker01', '--', 'apt-get install -y kubeadm=1.32.4-1.1 >/dev/null; kubeadm upgrade node | tail -3; apt-get install -y kubelet=1.32.4-1.1 >/dev/null; systemctl restart kubelet; kubelet --version']);
    expect(w.stdout).toBe([
      '[upgrade/kubelet-config] The kubelet configuration for this node was successfully upgraded!',
      '[upgrade/addon] Skipping the addon/coredns phase. Not a control plane node.',
      '[upgrade/addon] Skipping the addon/kube-proxy phase. Not a control plane node.',
      'Kubernetes v1.32.4',
      '',
    ].join('\n'));
    home.run('uncordon worker01');
    home.run('tick 10s');
    expect(home.run('get nodes').stdout).toBe([
      'NAME        STATUS   ROLES           AGE     VERSION',
      'control01   Ready    control-plane   5m21s   v1.32.4',
      'worker01    Ready    <none>          5m21s   v1.32.4',
      'worker02    Ready    <none>          5m21s   v1.32.2',
      '',
    ].join('\n'));
  });

  it('a node removed and added again under its name starts with a clean host', () => {
    home = manualCluster();
    expect(home.run(['ssh', 'worker02', '--', 'echo hi > /root/note; systemctl disable kubelet; ls /root']).stdout)
      .toBe('Removed "/etc/systemd/system/multi-user.target.wants/kubelet.service".\nnote\n');
    home.run('node remove worker02');
    home.run('node add worker02');
    expect(home.run(['ssh', 'worker02', '--', 'ls /root; systemctl is-enabled kubelet'])).toEqual({ stdout: 'enabled\n', stderr: '', code: 0 });
  });

  it("kubeadm certs: kubeadm's expiration table, and renew reissues the leaves from now", () => {
    home = manualCluster();
    const check = home.run(['ssh', 'control01', '--', 'kubeadm certs check-expiration | head -6 | tail -3; kubeadm certs check-expiration | tail -4 | head -2']);
    expect(check.stdout).toBe([
      'CERTIFICATE                EXPIRES                  RESIDUAL TIME   CERTIFICATE AUTHORITY   EXTERNALLY MANAGED',
      'admin.conf                 Jan 01, 2027 00:00 UTC   364d            ca                      no',
      'apiserver                  Jan 01, 2027 00:00 UTC   364d            ca                      no',
      'CERTIFICATE AUTHORITY   EXPIRES                  RESIDUAL TIME   EXTERNALLY MANAGED',
      'ca                      Dec 30, 2035 00:00 UTC   9y              no',
      '',
    ].join('\n'));
    expect(home.run(['ssh', 'control01', '--', 'kubeadm certs renew all >/dev/null; kubeadm certs check-expiration | grep "^apiserver "']).stdout)
      .toBe('apiserver                  Jan 01, 2027 00:05 UTC   364d            ca                      no\n');
  });
});
