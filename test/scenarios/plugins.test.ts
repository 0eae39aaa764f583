/**
 * kubectl's plugins and its unknown-command suggestions: a `kubectl-<words>` executable on
 * PATH runs in place of an unknown command, `plugin list` lists them with kubectl's warnings,
 * and a word near a command gets cobra's "Did you mean this?". Each expectation was compared
 * with kubectl 1.32 run on the same PATH.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempHome } from '../helpers/run-cli';

const SEARCH_PATH = process.env.PATH;

describe('plugins and suggestions', () => {
  const home = tempHome();
  const bin = path.join(home.dir, 'bin');
  const bin2 = path.join(home.dir, 'bin2');
  const script = (dir: string, name: string, body: string, mode = 0o755) => fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode });
  beforeAll(() => {
    fs.mkdirSync(bin);
    fs.mkdirSync(bin2);
    script(bin, 'kubectl-hello', 'echo "hello $# $*"; echo oops >&2; exit 3');
    script(bin, 'kubectl-foo-bar', 'echo "foo bar: $*"');
    script(bin, 'kubectl-my_plugin', 'echo mine');
    script(bin, 'kubectl-get', 'echo shadowed');
    script(bin, 'kubectl-noexec', 'echo no', 0o644);
    script(bin2, 'kubectl-hello', 'echo second');
    script(bin, 'kubectl-create-foo', 'echo "create foo: $*"');
    vi.stubEnv('PATH', `${bin}:${bin2}:${SEARCH_PATH}`);
  });
  afterAll(() => { vi.unstubAllEnvs(); home.cleanup(); });

  it('runs the plugin the words name, longest first, with the rest of the arguments and its exit code', () => {
    expect(home.run('hello a b')).toEqual({ stdout: 'hello 2 a b\n', stderr: 'oops\n', code: 3 });
    expect(home.run('foo bar -x y')).toEqual({ stdout: 'foo bar: -x y\n', stderr: '', code: 0 });
    expect(home.run('my-plugin z')).toEqual({ stdout: 'mine\n', stderr: '', code: 0 });
    // kubectl's own commands win; a flag first is kubectl's plugin error.
    expect(home.run('get ns default -o name').stdout).toBe('namespace/default\n');
    expect(home.run('-n x frobnicate')).toEqual({ stdout: '', stderr: 'Error: flags cannot be placed before plugin name: -n\n', code: 1 });
  });

  it('create WORD runs kubectl-create-WORD when WORD is none of create\'s subcommands, its flags its own', () => {
    expect(home.run('create foo a -x')).toEqual({ stdout: 'create foo: a -x\n', stderr: '', code: 0 });
    // After a flag, cobra's found arguments start with it: create itself runs.
    expect(home.run('-n x create foo')).toEqual({ stdout: '', stderr: "error: Unexpected args: [foo]\nSee 'kubectl create -h' for help and examples\n", code: 1 });
    expect(home.run('create ns p1 --dry-run=client -o name').stdout).toBe('namespace/p1\n');
    // A flag error names the command, not the alias typed.
    expect(home.run('create deploy x --bad').stderr).toBe("error: unknown flag: --bad\nSee 'kubectl create deployment --help' for usage.\n");
  });

  it("plugin list: PATH's plugins, then kubectl's warnings and their count", () => {
    // Only these folders, and one that does not exist.
    vi.stubEnv('PATH', `${bin}:${bin2}:${bin}:${home.dir}/none`);
    const list = home.run('plugin list');
    expect(list.stdout).toBe(`The following compatible plugins are available:\n\n${['kubectl-create-foo', 'kubectl-foo-bar', 'kubectl-get', 'kubectl-hello', 'kubectl-my_plugin', 'kubectl-noexec'].map((n) => `${bin}/${n}\n`).join('')}${bin2}/kubectl-hello\n`);
    expect(list.stderr).toBe(`Unable to read directory "${home.dir}/none" from your PATH: open ${home.dir}/none: no such file or directory. Skipping...\n  - warning: kubectl-create-foo overwrites existing command: "kubectl create"\n  - warning: kubectl-get overwrites existing command: "kubectl get"\n  - warning: ${bin}/kubectl-noexec identified as a kubectl plugin, but it is not executable\n  - warning: ${bin2}/kubectl-hello is overshadowed by a similarly named plugin: ${bin}/kubectl-hello\nerror: 4 plugin warnings were found\n`);
    expect(list.code).toBe(1);
    expect(home.run('plugin list --name-only').stdout.split('\n')[2]).toBe('kubectl-create-foo');
    vi.stubEnv('PATH', `${home.dir}/none`);
    expect(home.run('plugin list')).toEqual({ stdout: '', stderr: `Unable to read directory "${home.dir}/none" from your PATH: open ${home.dir}/none: no such file or directory. Skipping...\nerror: unable to find any kubectl plugins in your PATH\n`, code: 1 });
    vi.stubEnv('PATH', `${bin}:${bin2}:${SEARCH_PATH}`);
  });

  it('suggests the commands near an unknown word, as cobra does', () => {
    expect(home.run('gte pods')).toEqual({ stdout: '', stderr: 'error: unknown command "gte" for "kubectl"\n\nDid you mean this?\n\tget\n', code: 1 });
    expect(home.run('rm x').stderr).toBe('error: unknown command "rm" for "kubectl"\n\nDid you mean this?\n\trun\n\tdelete\n\tcp\n');
    expect(home.run('a').stderr).toBe('error: unknown command "a" for "kubectl"\n\nDid you mean this?\n\tautoscale\n\tattach\n\tcp\n\tauth\n\tapply\n\tannotate\n\tapi-versions\n\tapi-resources\n');
    expect(home.run('frobnicate').stderr).toBe('error: unknown command "frobnicate" for "kubectl"\n');
  });
});
