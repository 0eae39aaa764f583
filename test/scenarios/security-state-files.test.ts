import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';

/** modeOf is a file's permission bits. */
const modeOf = (p: string): number => fs.statSync(p).mode & 0o777;

describe('state files', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('are owner-only: the home and cluster folders 0700, the state file, its log and config.json 0600', () => {
    fs.chmodSync(home.dir, 0o755);
    expect(home.run('cluster create lab --clock manual --workers 1').code).toBe(0);
    expect(home.run('create secret generic s --from-literal=k=v').code).toBe(0);
    expect(modeOf(home.dir)).toBe(0o700);
    expect(modeOf(path.join(home.dir, 'clusters'))).toBe(0o700);
    expect(modeOf(path.join(home.dir, 'clusters', 'lab'))).toBe(0o700);
    expect(modeOf(path.join(home.dir, 'config.json'))).toBe(0o600);
    const state = path.join(home.dir, 'clusters', 'lab', 'state.db');
    expect(modeOf(state)).toBe(0o600);
    for (const side of ['-wal', '-shm']) if (fs.existsSync(state + side)) expect(modeOf(state + side)).toBe(0o600);
  });

  it('cannot be reached outside the home through a cluster name', () => {
    // A state file one folder up from the home's clusters folder: `../x` would open it.
    fs.mkdirSync(path.join(home.dir, 'x'));
    fs.copyFileSync(path.join(home.dir, 'clusters', 'lab', 'state.db'), path.join(home.dir, 'x', 'state.db'));
    const line = 'error: invalid cluster name "../x": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')\n';
    // A kubeconfig context whose cluster is `../x` is checked as --cluster is.
    const kc = path.join(home.dir, 'x', 'kc');
    fs.writeFileSync(kc, 'apiVersion: v1\nkind: Config\nclusters: [{name: ../x, cluster: {server: "https://x"}}]\ncontexts: [{name: up, context: {cluster: ../x, user: u}}]\nusers: [{name: u, user: {}}]\ncurrent-context: up\n');
    for (const args of [['get', 'pods', '--cluster', '../x'], ['get', 'pods', '--context=../x'], ['get', 'pods', '--kubeconfig', kc], ['cluster', 'create', '../x']]) {
      const r = home.run(args);
      expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ args, code: 1, stdout: '', stderr: line });
    }
    // use-context takes a context's name, which names no cluster by itself: kubectl's answer.
    expect(home.run(['config', 'use-context', '../x'])).toMatchObject({ code: 1, stdout: '', stderr: 'error: no context exists with the name: "../x"\n' });
    const io = home.run(['get', 'pods'], {});
    expect(io.code).toBe(0);
  });

  it('KUBEMU_CLUSTER is checked as --cluster is', async () => {
    const { main, captureIO } = await import('../../src/cli/main');
    const io = captureIO('');
    const code = main(['get', 'pods'], io, { ...process.env, KUBEMU_HOME: home.dir, KUBEMU_CLUSTER: '../../etc' }, home.dir);
    expect(code).toBe(1);
    expect(io.stderr).toMatch(/^error: invalid cluster name "\.\.\/\.\.\/etc": /);
  });
});
