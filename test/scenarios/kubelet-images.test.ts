import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const status = (home: ReturnType<typeof manualCluster>, pod: string) =>
  home.run(['get', 'pod', pod, '--no-headers']).stdout.split(/ +/)[2];

describe('the emulated registry', () => {
  const home = manualCluster('reg', 4);
  afterAll(() => home.cleanup());

  it('pulls a current tag of a known repository: mysql:9.5.0 runs', () => {
    expect(home.run('run db --image=mysql:9.5.0 --env=MYSQL_ROOT_PASSWORD=x')).toEqual({ stdout: 'pod/db created\n', stderr: '', code: 0 });
    home.run('tick 30s');
    expect(status(home, 'db')).toBe('Running');
    expect(home.run('events --for pod/db').stdout).toMatch(/Successfully pulled image "mysql:9\.5\.0" in [\d.]+m?s \([\d.]+m?s including waiting\)\. Image size: 175000000 bytes\./);
  });

  it('pulls a private registry\'s image it has never heard of', () => {
    home.run('run own --image=myregistry.example.com/team/app:1.2.3');
    home.run('tick 30s');
    expect(status(home, 'own')).toBe('Running');
  });

  it('fails a typo\'d Docker Hub repository with pull access denied', () => {
    home.run('run x --image=ngnix');
    home.run('tick 2s');
    expect(status(home, 'x')).toBe('ErrImagePull');
    const err = 'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed';
    expect(home.run(['get', 'pod', 'x', '-o', 'jsonpath={.status.containerStatuses[0].state.waiting.message}']).stdout).toBe(err);
    expect(home.run('events --for pod/x').stdout).toContain(`Failed to pull image "ngnix": ${err}\n`);
  });

  it('fails an absurd tag of a known repository with not found', () => {
    home.run('run y --image=nginx:99.0');
    home.run('tick 2s');
    expect(status(home, 'y')).toBe('ErrImagePull');
    expect(home.run('events --for pod/y').stdout).toContain('Failed to pull image "nginx:99.0": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:99.0": failed to resolve reference "docker.io/library/nginx:99.0": docker.io/library/nginx:99.0: not found\n');
  });
});

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

  it('says in its help which images exist', () => {
    const help = home.run('image --help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Any other Docker Hub library name (ngnix) does not exist: pull access denied.');
  });

  it('reset forgets an image', () => {
    home.run('image reset registry.example.com/team/app:2.0 nginx:9.9');
    expect(home.run('image list')).toEqual({ stdout: '', stderr: 'No images marked\n', code: 0 });
  });
});
