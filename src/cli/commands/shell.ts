/**
 * shell: kubemu shell [-- COMMAND…] — the exam's terminal: the user's $SHELL (bash or zsh)
 * with kubectl, k, ssh and etcdctl on PATH running kubemu, kubectl's completion wired in, and
 * the current context/namespace in the prompt (cli/practice-shell.ts writes the files).
 * `--print-env` prints the exports instead (`eval "$(kubemu shell --print-env)"` in CI), and
 * a command after `--` runs with them, so a verify script calling `kubectl` runs unchanged.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';
import { resolveRequestContext } from '../kubeconfig/request-context';
import { envLines, findKubemuScript, writeShellFiles, type ShellLayout } from '../practice-shell';

/** SHELLS are the shells kubemu writes an rc file for; any other $SHELL gets bash. */
const SHELLS = ['bash', 'zsh'] as const;

/** promptText is `context/namespace`, what the prompt shows (the namespace kubectl would use). */
export function promptText(ctx: CommandContext): string {
  const r = resolveRequestContext(ctx.home, ctx.env, {}, ctx.cwd);
  return `${r.contextName}/${r.namespace || 'default'}`;
}

/** shellEnv is the environment the shell and a command after `--` run with. */
function shellEnv(ctx: CommandContext, layout: ShellLayout): NodeJS.ProcessEnv {
  return { ...ctx.env, KUBEMU_HOME: ctx.home, KUBEMU_SHELL: '1', PATH: `${layout.bin}${path.delimiter}${ctx.env.PATH ?? ''}` };
}

/** exitOf is a child's exit status, as a shell reports it (128+n for a signal). */
function exitOf(r: ReturnType<typeof spawnSync>, what: string): number {
  if (r.error) throw new CliError(`${what}: ${(r.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'command not found' : r.error.message}`);
  return r.status ?? 128 + (r.signal === 'SIGINT' ? 2 : 15);
}

const shellLeaf = leaf({
  command: 'shell [command..]',
  describe: 'Start a shell with kubectl, k, ssh and etcdctl running kubemu, completion, and context/namespace in the prompt',
  options: {
    'print-env': { type: 'boolean', default: false, describe: 'Print the exports that put the shims on PATH (eval "$(kubemu shell --print-env)")' },
    shell: { type: 'string', choices: SHELLS, describe: 'The shell to start (default: $SHELL when it is bash or zsh, else bash)' },
    prompt: { type: 'boolean', default: false, hidden: true, describe: 'Print context/namespace (the prompt calls it)' },
  },
  examples: [
    ['$0 shell', 'a bash (or zsh) whose kubectl and k are kubemu; `exit` to leave'],
    ['$0 shell -- bash verify.sh', 'run a script that calls kubectl against kubemu'],
    ['eval "$($0 shell --print-env)"', 'the same PATH in the current shell (CI)'],
  ],
  run(ctx, opts): number {
    if (opts.prompt) { ctx.io.out(`${promptText(ctx)}\n`); return 0; }
    const script = findKubemuScript(__dirname);
    if (!script) throw new CliError(`kubemu shell: cannot find bin/kubemu above ${__dirname}`);
    const userZdotdir = ctx.env.ZDOTDIR || ctx.env.HOME || '';
    const layout = writeShellFiles(ctx.home, { node: process.execPath, script }, userZdotdir);
    if (opts['print-env']) { ctx.io.out(envLines(ctx.home, layout)); return 0; }
    const env = shellEnv(ctx, layout);
    ctx.io.flush();
    if (ctx.args.length) {
      const [cmd, ...args] = ctx.args;
      return exitOf(spawnSync(cmd!, args, { stdio: 'inherit', env, cwd: ctx.cwd }), cmd!);
    }
    const wanted = opts.shell ?? path.basename(ctx.env.SHELL ?? '');
    const kind = (SHELLS as readonly string[]).includes(wanted) ? wanted : 'bash';
    const program = opts.shell || kind !== path.basename(ctx.env.SHELL ?? '') ? kind : ctx.env.SHELL!;
    const r = kind === 'zsh'
      ? spawnSync(program, ['-i'], { stdio: 'inherit', env: { ...env, ZDOTDIR: layout.zdotdir }, cwd: ctx.cwd })
      : spawnSync(program, ['--rcfile', layout.bashrc, '-i'], { stdio: 'inherit', env, cwd: ctx.cwd });
    return exitOf(r, program);
  },
});

/** shellCommand is `kubemu shell`. */
export const shellCommand = ownVerb(shellLeaf);
