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
});
