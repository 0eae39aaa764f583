import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';

describe('the default cluster', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('is created on first use, on wall-clock time, looking like it has run for five minutes', () => {
    const r = home.run('get nodes');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^NAME +STATUS +ROLES +AGE +VERSION\ncontrol01 +Ready +control-plane +5m\S* +v1\.32\.2\nworker01 +Ready +<none> +5m\S* +v1\.32\.2\nworker02 +Ready +<none> +5m\S* +v1\.32\.2\n$/);
    expect(home.run('config current-context').stdout).toBe('kubemu\n');
    expect(home.run('cluster list --no-headers').stdout + home.run('cluster list').stdout).toMatch(/\*\s+kubemu\s+wall\s/);
  });

  it('is current again after the current cluster is deleted, and a namespace set for the deleted one is forgotten', () => {
    expect(home.run('cluster create lab --clock manual --seed 3 --workers 1').stdout).toBe('cluster/lab created\n');
    expect(home.run('config set-context --current --namespace=dev').code).toBe(0);
    const del = home.run('cluster delete lab');
    expect(del).toMatchObject({ code: 0, stderr: '' });
    expect(del.stdout).toBe('cluster/lab deleted\nSwitched to cluster "kubemu".\n');
    expect(home.run('config current-context').stdout).toBe('kubemu\n');
    expect(home.run('get nodes --no-headers').stdout.split('\n')[0]).toMatch(/^control01 +Ready/);
    expect(home.run('cluster create lab --clock manual --seed 3 --workers 1').code).toBe(0);
    expect(home.run('config view --minify -o jsonpath={.contexts[0].context.namespace}').stdout).toBe('');
  });

  it('deleting a cluster that is not current leaves the current one alone', () => {
    expect(home.run('cluster use kubemu').code).toBe(0);
    expect(home.run('cluster delete lab').stdout).toBe('cluster/lab deleted\n');
    expect(home.run('config current-context').stdout).toBe('kubemu\n');
  });
});
