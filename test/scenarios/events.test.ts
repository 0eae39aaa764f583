import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('kubectl events', () => {
  const home = manualCluster('ev', 2);
  afterAll(() => home.cleanup());

  it('lists an object\'s events in time order with Kind/name', () => {
    const r = home.run('events -n kube-system --for pod/etcd-control01');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE$/);
    expect(lines.slice(1).map((l) => l.split(/ {2,}/)[2])).toEqual(['Pulling', 'Pulled', 'Created', 'Started']);
    expect(lines[1]).toMatch(/^5m +Normal +Pulling +Pod\/etcd-control01 +Pulling image "registry.k8s.io\/etcd:3.5.16-0"$/);
  });

  it('says so when nothing matches', () => {
    expect(home.run('events')).toEqual({ stdout: '', stderr: 'No events found in default namespace.\n', code: 0 });
    expect(home.run('events -n kube-system --types=Warning')).toEqual({ stdout: '', stderr: 'No events found in kube-system namespace.\n', code: 0 });
  });
});
