/**
 * corrupt-object: a stored object that does not decode (as an older kubemu could leave: a Node
 * with `pods: "NaN"`, or a body that is not JSON) is quarantined by the store. Every command
 * goes on working, `get` reports it as kube-apiserver answers a corrupt object, the others warn
 * once, `doctor` names it, and `delete` removes it.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { addonPath } from '../../src/store/sqlite/addon-path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store';

const QUANTITY = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** breakNode writes worker02 back with pods "NaN" through the store itself, as an old version's write would have. */
function breakNode(dir: string): number {
  const store = openSqliteStore(path.join(dir, 'clusters', 'bad', 'state.db'));
  try {
    return store.transaction(() => {
      const node = store.get({ kind: 'Node', name: 'worker02' })!;
      node.status!.capacity!.pods = 'NaN';
      return store.update(node, Number(node.metadata.resourceVersion)).metadata.resourceVersion as unknown as number;
    });
  } finally {
    store.close();
  }
}

const home = manualCluster('bad', 7);
afterAll(() => home.cleanup());

describe('a stored object that does not decode', () => {
  const rev = breakNode(home.dir);
  const storageError = `StorageError: corrupt object, Code: 7, Key: /registry/minions/worker02, ResourceVersion: 0, AdditionalErrorMsg: object not decodable revision=${rev}: status.capacity.pods: ${QUANTITY}`;
  const getError = `Error from server (InternalError): Internal error occurred: ${storageError}\n`;
  const warning = `Warning: skipped nodes/worker02: its stored object does not decode (status.capacity.pods: ${QUANTITY}); 'kubectl delete nodes worker02' removes it\n`;

  it('get nodes lists the others and reports it as a corrupt object', () => {
    expect(home.run('get nodes')).toEqual({
      stdout: 'NAME        STATUS   ROLES           AGE   VERSION\ncontrol01   Ready    control-plane   5m    v1.32.2\nworker01    Ready    <none>          5m    v1.32.2\n',
      stderr: getError, code: 1,
    });
    expect(home.run('get node worker02 worker01')).toEqual({
      stdout: 'NAME       STATUS   ROLES    AGE   VERSION\nworker01   Ready    <none>   5m    v1.32.2\n', stderr: getError, code: 1,
    });
  });

  it('the rest of the cluster keeps working, with one warning per command', () => {
    const pods = home.run('get pods -A');
    expect(pods.code).toBe(0);
    expect(pods.stdout).toContain('kube-system   coredns-');
    expect(home.run('run web --image=nginx')).toEqual({ stdout: 'pod/web created\n', stderr: warning, code: 0 });
    const tick = home.run('tick 30s');
    expect(tick.code).toBe(0);
    expect(tick.stderr).toBe(warning);
    // Nothing this read does meets the node: no warning.
    expect(home.run('get pod web -o jsonpath={.status.phase}/{.spec.nodeName}')).toEqual({ stdout: 'Running/worker01', stderr: '', code: 0 });
  });

  it('doctor reports it with its key and cause', () => {
    const r = home.run('doctor');
    expect(r.code).toBe(1);
    // The pods bound to it are reported too: their node cannot be read.
    const lines = r.stdout.split('\n');
    expect(lines.at(-2)).toBe(`stored-decode     Node worker02                             ${storageError}`);
    expect(r.stdout).toMatch(/\npod-node-exists   Pod kube-system\/kube-proxy-\w+ +bound to node "worker02", which does not exist\n/);
    expect(r.stderr).toMatch(/^error: \d+ invariant violations in \d+ objects \(11 checks\)\n$/);
  });

  it('delete removes it, and the cluster is whole again', () => {
    expect(home.run('delete node worker02')).toEqual({ stdout: 'node "worker02" deleted\n', stderr: '', code: 0 });
    expect(home.run('get nodes').stderr).toBe('');
    expect(home.run('doctor')).toMatchObject({ code: 0, stderr: '' });
  });

  it('a body that is not JSON is quarantined the same way', () => {
    const db = new Database(path.join(home.dir, 'clusters', 'bad', 'state.db'), { nativeBinding: addonPath() });
    db.prepare("UPDATE objects SET body = '{\"kind\":' WHERE kind = 'Pod' AND name = 'web'").run();
    db.close();
    const r = home.run('get pods');
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Error from server \(InternalError\): Internal error occurred: StorageError: corrupt object, Code: 7, Key: \/registry\/pods\/default\/web, ResourceVersion: 0, AdditionalErrorMsg: object not decodable revision=\d+: .*JSON.*\n$/);
    expect(r.code).toBe(1);
    expect(home.run('tick 10s').code).toBe(0);
    expect(home.run('delete pod web')).toEqual({ stdout: 'pod "web" deleted\n', stderr: '', code: 0 });
    expect(home.run('get pods')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
  });
});
