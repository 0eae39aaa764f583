/**
 * Shell completion: `__complete` answers with the cluster's resource types, object names,
 * namespaces and clusters as kubectl's completion functions do, and `completion bash` wires
 * bash to it (the script is run in a real bash against the built binary).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build-once';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const NO_FILE = 'Completion ended with directive: ShellCompDirectiveNoFileComp\n';

describe('completion from the cluster', () => {
  let home: TempHome;
  let pods: string[];
  beforeAll(() => {
    home = manualCluster('names', 3);
    expect(home.run('create deployment web --image=nginx --replicas=2').code).toBe(0);
    expect(home.run('create namespace team-a').code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
    pods = home.run('get pods -o name').stdout.trim().split('\n').map((p) => p.replace('pod/', ''));
    expect(pods).toHaveLength(2);
  });
  afterAll(() => home.cleanup());
  const complete = (line: string) => home.run(['__complete', ...line.split(' ')]);

  it('completes object names of the type already given, skipping those already typed', () => {
    expect(complete('get pods ')).toEqual({ code: 0, stdout: `${pods.join('\n')}\n:4\n`, stderr: NO_FILE });
    expect(complete(`delete pods ${pods[0]} `).stdout).toBe(`${pods[1]}\n:4\n`);
    expect(complete('get deployments.apps w').stdout).toBe('web\n:4\n');
    expect(complete('describe deploy/').stdout).toBe('deploy/web\n:4\n');
  });

  it('completes resource types, and the last of a comma-separated list', () => {
    expect(complete('get po').stdout).toBe('pods\npodtemplates\npoddisruptionbudgets.policy\n:4\n');
    expect(complete('get svc,end').stdout).toBe('svc,endpoints\nsvc,endpointslices.discovery.k8s.io\n:4\n');
    expect(complete('scale ').stdout).toBe('deployment\nreplicaset\nreplicationcontroller\nstatefulset\n:4\n');
    expect(complete('rollout status ').stdout).toBe('deployment\ndaemonset\nstatefulset\n:4\n');
  });

  it('completes pods, and the TYPE/ of what has pods, for logs and exec', () => {
    expect(complete('logs we').stdout).toBe(`${pods.join('\n')}\n:4\n`);
    expect(complete('exec dep')).toEqual({ code: 0, stdout: 'deployments/\n:6\n', stderr: 'Completion ended with directive: ShellCompDirectiveNoSpace, ShellCompDirectiveNoFileComp\n' });
    expect(complete('logs deployments/').stdout).toBe('deployments/web\n:4\n');
  });

  it('completes namespaces, nodes and clusters, and reads the namespace from -n', () => {
    expect(complete('get pods -n ').stdout).toBe('default\nkube-node-lease\nkube-public\nkube-system\nteam-a\n:4\n');
    expect(complete('get pods --namespace=kube-system etcd').stdout).toBe('etcd-control01\n:4\n');
    expect(complete('get pods -n kube-system kube-sch').stdout).toBe('kube-scheduler-control01\n:4\n');
    expect(complete('cordon w').stdout).toBe('worker01\nworker02\n:4\n');
    expect(complete('config use-context ').stdout).toBe('names\n:4\n');
  });
});

describe('kubectl completion', () => {
  it('refuses a missing, extra or unknown shell as kubectl does', () => {
    const home = manualCluster('comp-args', 1);
    try {
      expect(home.run('completion')).toEqual({ code: 1, stdout: '', stderr: "error: Shell not specified.\nSee 'kubectl completion -h' for help and examples\n" });
      expect(home.run('completion bash zsh').stderr).toBe("error: Too many arguments. Expected only the shell type.\nSee 'kubectl completion -h' for help and examples\n");
      expect(home.run('completion tcsh').stderr).toBe("error: Unsupported shell type \"tcsh\".\nSee 'kubectl completion -h' for help and examples\n");
    } finally { home.cleanup(); }
  });

  it('gives bash the words __complete answers', () => {
    ensureBuilt();
    const home = manualCluster('comp-bash', 1);
    try {
      const bin = path.join(home.dir, 'bin');
      fs.mkdirSync(bin);
      fs.symlinkSync(path.resolve(__dirname, '../../bin/kubemu'), path.join(bin, 'kubemu'));
      const script = home.file('completion.bash', home.run('completion bash').stdout);
      const ask = (line: string) => spawnSync('bash', ['-c', `source ${script}
COMP_LINE='${line}'; COMP_POINT=\${#COMP_LINE}
read -ra COMP_WORDS <<< "$COMP_LINE"; [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=("")
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
__kubemu_complete
printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, KUBEMU_HOME: home.dir } }).stdout;
      expect(ask('kubectl get nodes con')).toBe('control01\n');
      expect(ask('kubectl cluster cr')).toBe('create\n');
      expect(ask('k get pods -n kube-')).toBe('kube-node-lease\nkube-public\nkube-system\n');
    } finally { home.cleanup(); }
  });
});
