import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { pidNamespaceArgvs, procFiles, processesIn } from './pid-namespace';

const app = { name: 'app', image: 'nginx' };
const side = { name: 'side', image: 'busybox' };
const pod = (spec: object): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec } as KubeObject);
const argvOf = (s: KubeObject['spec']) => [`${s.name}-main`];

describe('pid namespace', () => {
  it.each([
    ['its own namespace', pod({ containers: [app, side] }), side, [['own']]],
    ['the pod\'s shared namespace: pause, then each container', pod({ shareProcessNamespace: true, containers: [app, side] }), side, [['/pause'], ['app-main'], ['own']]],
    ['an ephemeral container with a target joins the target\'s', pod({ containers: [app, side], ephemeralContainers: [{ name: 'dbg', image: 'busybox', targetContainerName: 'app' }] }),
      { name: 'dbg', image: 'busybox', targetContainerName: 'app' }, [['app-main'], ['own']]],
    ['a target that is not a container is ignored', pod({ containers: [app], ephemeralContainers: [{ name: 'dbg', targetContainerName: 'gone' }] }), { name: 'dbg', targetContainerName: 'gone' }, [['own']]],
  ])('%s', (_name, p, c, want) => {
    expect(pidNamespaceArgvs(p, c, ['own'], argvOf)).toEqual(want);
  });

  it('writes /proc/PID/cmdline and reads it back in PID order', () => {
    const files = procFiles([['/pause'], ['sleep', '1'], ['sh']]);
    expect(Object.keys(files)).toEqual(['/proc/1/cmdline', '/proc/7/cmdline', '/proc/13/cmdline']);
    expect(processesIn(Object.keys(files).reverse(), (p) => files[p])).toEqual([[1, '/pause'], [7, 'sleep 1'], [13, 'sh']]);
  });
});
