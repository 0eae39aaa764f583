import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const status = (home: ReturnType<typeof manualCluster>, pod: string) =>
  home.run(['get', 'pod', pod, '--no-headers']).stdout.split(/ +/)[2];

describe('kubemu image', () => {
  const home = manualCluster('img', 4);
  afterAll(() => home.cleanup());

  it('marks an image missing, so pulls fail as for a tag that does not exist', () => {
    expect(home.run('image missing registry.example.com/team/app:2.0')).toEqual({ stdout: 'image/registry.example.com/team/app:2.0 marked missing\n', stderr: '', code: 0 });
    home.run('run app --image=registry.example.com/team/app:2.0');
    home.run('tick 5s');
    expect(status(home, 'app')).toMatch(/^(ErrImagePull|ImagePullBackOff)$/);
    const ev = home.run('events --for pod/app').stdout;
    expect(ev).toContain('Failed to pull image "registry.example.com/team/app:2.0": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/team/app:2.0": failed to resolve reference "registry.example.com/team/app:2.0": registry.example.com/team/app:2.0: not found');
  });

  it('marks an unknown library image present, so it pulls', () => {
    home.run('image present nginx:9.9');
    home.run('run nine --image=nginx:9.9');
    home.run('tick 30s');
    expect(status(home, 'nine')).toBe('Running');
    expect(home.run('image list').stdout).toBe('IMAGE                               STATE\ndocker.io/library/nginx:9.9         present\nregistry.example.com/team/app:2.0   missing\n');
  });

  it('reset forgets an image', () => {
    home.run('image reset registry.example.com/team/app:2.0 nginx:9.9');
    expect(home.run('image list')).toEqual({ stdout: '', stderr: 'No images marked\n', code: 0 });
  });
});
