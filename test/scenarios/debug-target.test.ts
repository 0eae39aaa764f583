/**
 * kubectl debug --target: the ephemeral container joins the target container's PID namespace,
 * so its `ps` lists the target's process as PID 1; without --target it sees only its own. A pod
 * with shareProcessNamespace shows the pause process first and every container's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const HEADER = 'PID   USER     TIME  COMMAND';
const NGINX = '    1 root      0:00 /docker-entrypoint.sh nginx -g daemon off;';
const TARGETING = 'Targeting container "web". If you don\'t see processes from this container it may be because the container runtime doesn\'t support this feature.\n';

describe('debug --target shares the target\'s processes', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster();
    expect(home.run('run web --image=nginx:1.27').code).toBe(0);
    home.run('tick 20s');
  });
  afterAll(() => home.cleanup());

  it('ps in an ephemeral container with --target lists the target\'s process first', () => {
    expect(home.run('debug web --image=busybox:1.36 --target=web -c traced --profile=general -- ps')).toEqual({ code: 0, stderr: '', stdout: TARGETING });
    home.run('tick 5s');
    expect(home.run('logs web -c traced').stdout).toBe([HEADER, NGINX, '    7 root      0:00 ps', ''].join('\n'));
  });

  it('a shell attached with --target sees the target, itself and ps', () => {
    const r = home.run('debug web -i --image=busybox:1.36 --target=web -c shell --profile=general', { stdin: 'ps\n' });
    expect(r.stdout).toBe(TARGETING + [HEADER, NGINX, '    7 root      0:00 sh', '   13 root      0:00 ps', ''].join('\n'));
  });

  it('without --target the ephemeral container sees only its own processes', () => {
    expect(home.run('debug web --image=busybox:1.36 -c alone --profile=general -- ps').code).toBe(0);
    home.run('tick 5s');
    expect(home.run('logs web -c alone').stdout).toBe([HEADER, '    1 root      0:00 ps', ''].join('\n'));
  });

  it('a pod sharing its process namespace shows pause, then each container', () => {
    const overrides = '{"spec":{"shareProcessNamespace":true,"containers":[{"name":"app","image":"nginx:1.27"},{"name":"side","image":"busybox:1.36","command":["sleep","3600"]}]}}';
    expect(home.run(['run', 'shared', '--image=nginx:1.27', `--overrides=${overrides}`]).code).toBe(0);
    home.run('tick 20s');
    expect(home.run('exec shared -c side -- ps').stdout).toBe([HEADER, '    1 root      0:00 /pause', '    7 root      0:00 /docker-entrypoint.sh nginx -g daemon off;',
      '   13 root      0:00 sleep 3600', '   19 root      0:00 ps', ''].join('\n'));
  });
});
