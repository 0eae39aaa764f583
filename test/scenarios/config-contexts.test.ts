import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('kubectl config over kubemu clusters', () => {
  const home = manualCluster('alpha', 1);
  afterAll(() => home.cleanup());

  it('lists, switches and sets a default namespace like kubectl', () => {
    expect(home.run('cluster create beta --clock manual').code).toBe(0);
    expect(home.run('config current-context').stdout).toBe('beta\n');
    expect(home.run('config get-contexts').stdout).toBe([
      'CURRENT   NAME    CLUSTER   AUTHINFO      NAMESPACE',
      '          alpha   alpha     alpha-admin   ',
      '*         beta    beta      beta-admin    ',
      '',
    ].join('\n'));
    expect(home.run('config use-context alpha')).toEqual({ stdout: 'Switched to context "alpha".\n', stderr: '', code: 0 });
    expect(home.run('config use-context zz')).toEqual({ stdout: '', stderr: 'error: no context exists with the name: "zz"\n', code: 1 });
    expect(home.run('config set-context --current --namespace=kube-system').stdout).toBe('Context "alpha" modified.\n');
    // The context's namespace is now the default for every command.
    expect(home.run('get deploy --no-headers').stdout).toMatch(/^coredns +2\/2 /);
    expect(home.run('config get-contexts alpha --no-headers').stdout).toBe('*     alpha   alpha   alpha-admin   kube-system\n');
    expect(home.run('get deploy -n default').stderr).toBe('No resources found in default namespace.\n');
  });

  it('names the kubeconfig file as --kubeconfig or KUBECONFIG wrote it', () => {
    home.file('kc.yaml', 'apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n');
    expect(home.run('--kubeconfig kc.yaml config delete-context nope')).toEqual({ stdout: '', stderr: 'error: cannot delete context nope, not in kc.yaml\n', code: 1 });
    expect(home.run('--kubeconfig ./kc.yaml config rename-context nope x')).toEqual({ stdout: '', stderr: 'error: cannot rename the context "nope", it\'s not in ./kc.yaml\n', code: 1 });
  });
});
