/**
 * debug: `kubectl debug` three ways — an ephemeral container added to a running pod (visible in
 * `describe pod`, attached to with -i), a copy of the pod (--copy-to with --set-image, a changed
 * command, --replace), and a node debugging pod whose /host is the node's filesystem — with
 * kubectl v1.32's exact notices, warnings and refusals.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { ATTACH_PROMPT } from '../../src/cli/commands/attach-stream';
import { LEGACY_DEPRECATED } from '../../src/cli/commands/debug-profiles';

const LEGACY = `${LEGACY_DEPRECATED}\n`;

/** clusterWithWebPod is a manual cluster with a Ready nginx pod `web` (label app=web) to debug. */
function clusterWithWebPod(): TempHome {
  const home = manualCluster('debug', 7);
  expect(home.run('run web --image=nginx --labels=app=web').code).toBe(0);
  expect(home.run('wait --for=condition=Ready pod/web').code).toBe(0);
  return home;
}

describe('kubectl debug with an ephemeral container', () => {
  let home: TempHome;
  beforeAll(() => { home = clusterWithWebPod(); });
  afterAll(() => home.cleanup());

  it('adds a debugger-xxxxx container the kubelet starts, shown under Ephemeral Containers', () => {
    expect(home.run('debug web --image=busybox --profile=general -- sleep 3600')).toEqual({
      stdout: 'Defaulting debug container name to debugger-qt6n7.\n', stderr: '', code: 0,
    });
    expect(home.run('tick 5s').code).toBe(0);
    const described = home.run('describe pod web').stdout;
    const section = described.slice(described.indexOf('Ephemeral Containers:'), described.indexOf('Conditions:'));
    expect(section).toBe([
      'Ephemeral Containers:',
      '  debugger-qt6n7:',
      '    Container ID:  containerd://550f18d12e1c1f0e127495aeee7b152b54966908ff7bfb952474a05368572b39',
      '    Image:         busybox',
      '    Image ID:      docker.io/library/busybox@sha256:de68ccc327e508f44a3a150fc877a442581bb03dd53e24b418fbc425ece79d52',
      '    Port:          <none>',
      '    Host Port:     <none>',
      '    Command:',
      '      sleep',
      '      3600',
      '    State:          Running',
      '      Started:      Thu, 01 Jan 2026 00:05:04 +0000',
      '    Ready:          False',
      '    Restart Count:  0',
      '    Environment:    <none>',
      '    Mounts:         <none>',
      '',
    ].join('\n'));
    expect(described).toContain('  Normal  Started    4s    kubelet            Started container debugger-qt6n7\n');
    // The pod itself is untouched: still Running and Ready, its labels kept.
    expect(home.run(['get', 'pod', 'web', '-o', 'jsonpath={.status.phase} {.metadata.labels.app} {.spec.ephemeralContainers[0].terminationMessagePolicy}']).stdout).toBe('Running web File');
  });

  it('with -i and -c attaches to the container and feeds it stdin; the legacy profile warns', () => {
    expect(home.run('debug -i web --image=busybox -c shell', { stdin: 'echo hi\nhostname\n' })).toEqual({
      stdout: 'hi\nweb\n', stderr: `${LEGACY}${ATTACH_PROMPT}\n`, code: 0,
    });
    expect(home.run(['get', 'pod', 'web', '-o', 'jsonpath={.spec.ephemeralContainers[*].name}']).stdout).toBe('debugger-qt6n7 shell');
  });

  it('prints the --target notice on stdout', () => {
    expect(home.run('debug web --image=busybox --target=web -c traced --profile=general -- sleep 60')).toEqual({
      stdout: 'Targeting container "web". If you don\'t see processes from this container it may be because the container runtime doesn\'t support this feature.\n',
      stderr: '', code: 0,
    });
  });

  it('refuses a name already used, and static pods, as the API server does', () => {
    expect(home.run('debug web --image=busybox -c shell')).toEqual({
      stdout: '', stderr: `${LEGACY}The Pod "web" is invalid: spec.ephemeralContainers[3].name: Duplicate value: "shell"\n`, code: 1,
    });
    expect(home.run('debug -n kube-system kube-apiserver-control01 --image=busybox -c dbg --profile=general')).toEqual({
      stdout: '', stderr: 'The Pod "kube-apiserver-control01" is invalid: : Forbidden: static pods do not support ephemeral containers\n', code: 1,
    });
  });

  it('needs patch on pods/ephemeralcontainers, not only on pods', () => {
    expect(home.run('create role poker --verb=get,list,patch --resource=pods').code).toBe(0);
    expect(home.run('create rolebinding ann-pokes --role=poker --user=ann').code).toBe(0);
    expect(home.run('debug web --image=busybox -c by-ann --profile=general --as=ann')).toEqual({
      stdout: '', code: 1,
      stderr: 'Error from server (Forbidden): pods "web" is forbidden: User "ann" cannot patch resource "pods/ephemeralcontainers" in API group "" in the namespace "default"\n',
    });
    expect(home.run('create role debugger --verb=patch --resource=pods/ephemeralcontainers').code).toBe(0);
    expect(home.run('create rolebinding ann-debugs --role=debugger --user=ann').code).toBe(0);
    expect(home.run('debug web --image=busybox -c by-ann --profile=general --as=ann')).toEqual({ stdout: '', stderr: '', code: 0 });
  });

  it('--custom merges a partial container spec over the profile, and refuses what kubectl sets', () => {
    fs.writeFileSync(path.join(home.dir, 'custom.yaml'), 'env:\n- name: MODE\n  value: debug\nsecurityContext:\n  runAsUser: 0\n');
    fs.writeFileSync(path.join(home.dir, 'image.json'), '{"image": "alpine"}');
    expect(home.run(`debug web --image=busybox -c custom --profile=general --custom=${path.join(home.dir, 'custom.yaml')} -- sleep 60`).code).toBe(0);
    expect(home.run(['get', 'pod', 'web', '-o', 'jsonpath={.spec.ephemeralContainers[?(@.name=="custom")].env} {.spec.ephemeralContainers[?(@.name=="custom")].securityContext}']).stdout)
      .toBe('[{"name":"MODE","value":"debug"}] {"capabilities":{"add":["SYS_PTRACE"]},"runAsUser":0}');
    expect(home.run(`debug web --image=busybox --custom=${path.join(home.dir, 'image.json')}`)).toEqual({
      stdout: '', stderr: 'error: name, command, image, lifecycle and volume devices are not modifiable via custom profile\n', code: 1,
    });
  });

  it('-f names the pod to debug from a manifest', () => {
    fs.writeFileSync(path.join(home.dir, 'web.yaml'), 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx\n');
    expect(home.run(`debug -f ${path.join(home.dir, 'web.yaml')} --image=busybox -c from-file --profile=general`)).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run(['get', 'pod', 'web', '-o', 'jsonpath={.spec.ephemeralContainers[-1:].name}']).stdout).toBe('from-file');
  });

  it("refuses what kubectl's Validate refuses, before touching the cluster", () => {
    const refused = (args: string, message: string) => expect(home.run(args)).toEqual({ stdout: '', stderr: `error: ${message}\n`, code: 1 });
    refused('debug web', 'you must specify --image when not using --copy-to.');
    refused('debug web --image=busybox --set-image=web=nginx', '--set-image may only be used with --copy-to.');
    refused('debug web --image=busybox -t', '-i/--stdin is required for containers with -t/--tty=true');
    refused('debug web --image=BusyBox', 'invalid image name "BusyBox": invalid reference format');
    refused('debug web --image=busybox --profile=admin', 'unknown profile: admin');
    refused('debug web --copy-to=x', 'you must specify --image, --set-image or command arguments.');
    refused('debug web --copy-to=x --target=web --image=busybox', '--target is incompatible with --copy-to. Use --share-processes instead.');
    refused('debug web --image=busybox --image-pull-policy=Sometimes', 'invalid image pull policy: Sometimes');
    expect(home.run('create deployment d --image=nginx').code).toBe(0);
    refused('debug deployment/d --image=busybox --profile=general', '"apps/v1, Kind=Deployment" not supported by debug');
  });
});

describe('kubectl debug --copy-to', () => {
  let home: TempHome;
  beforeAll(() => { home = clusterWithWebPod(); });
  afterAll(() => home.cleanup());

  it('--set-image makes a copy with the new images (kept labels, as a set-image-only copy does) on any node', () => {
    expect(home.run('debug web --copy-to=web-copy --set-image=*=nginx:1.27 --profile=general')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run(['get', 'pod', 'web-copy', '-o', 'jsonpath={.spec.containers[*].image} {.metadata.labels.app} {.spec.ephemeralContainers}']).stdout).toBe('nginx:1.27 web ');
    expect(home.run(['get', 'pod', 'web', '-o', 'jsonpath={.spec.containers[0].image}']).stdout).toBe('nginx');
  });

  it('adds a debug container sharing the process namespace, and drops the labels', () => {
    expect(home.run('debug web --copy-to=web-dbg --image=busybox --profile=general -- sleep 3600')).toEqual({
      stdout: 'Defaulting debug container name to debugger-bs99q.\n', stderr: '', code: 0,
    });
    expect(home.run(['get', 'pod', 'web-dbg', '-o', 'jsonpath={.spec.shareProcessNamespace} {.spec.containers[*].name} {.spec.containers[1].securityContext.capabilities.add} [{.metadata.labels}]']).stdout)
      .toBe('true web debugger-bs99q ["SYS_PTRACE"] []');
  });

  it('--container with a command changes that container; --replace deletes the original', () => {
    expect(home.run('debug web --copy-to=web2 --container=web --replace --same-node --profile=general -- sh -c true')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run(['get', 'pod', 'web2', '-o', 'jsonpath={.spec.containers[0].command}']).stdout).toBe('["sh","-c","true"]');
    expect(home.run('get pod web')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "web" not found\n', code: 1 });
  });
});

describe('kubectl debug node/NAME', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('debug', 7); });
  afterAll(() => home.cleanup());

  it("runs a pod in the node's host namespaces with its filesystem at /host", () => {
    expect(home.run('debug node/control01 -it --image=busybox -- ls /host/etc/kubernetes/manifests')).toEqual({
      stdout: 'Creating debugging pod node-debugger-control01-wdgw6 with container debugger on node control01.\n'
        + 'etcd.yaml\nkube-apiserver.yaml\nkube-controller-manager.yaml\nkube-scheduler.yaml\n',
      stderr: LEGACY, code: 0,
    });
    const spec = JSON.parse(home.run(['get', 'pod', 'node-debugger-control01-wdgw6', '-o', 'jsonpath={.spec}']).stdout);
    expect({ hostNetwork: spec.hostNetwork, hostPID: spec.hostPID, hostIPC: spec.hostIPC, tolerations: spec.tolerations, restartPolicy: spec.restartPolicy, nodeName: spec.nodeName })
      .toEqual({ hostNetwork: true, hostPID: true, hostIPC: true, tolerations: [{ operator: 'Exists' }], restartPolicy: 'Never', nodeName: 'control01' });
    expect(spec.volumes[0]).toEqual({ name: 'host-root', hostPath: { path: '/', type: '' } });
    expect(spec.containers[0].volumeMounts[0]).toEqual({ mountPath: '/host', name: 'host-root' });
  });

  it('reads a worker\'s kubelet config through /host with -i', () => {
    expect(home.run('debug node/worker01 -i -q --image=busybox --profile=general', { stdin: 'cat /host/etc/hostname\n' })).toEqual({
      stdout: 'worker01\n', stderr: '', code: 0,
    });
  });
});
