/**
 * main: the composition root. It finds the command in argv, parses its flags with
 * kubectl's rules, opens the cluster when the command needs it, runs the command and
 * turns any failure into kubectl's one-line error and exit code.
 */
import * as path from 'node:path';
import { randomInt } from 'node:crypto';
import type { IOStreams } from './io';
import { FlagError, GLOBAL_FLAGS, parseFlags } from './flags';
import { formatError } from './errors';
import type { Command, CommandContext } from './command';
import { COMMANDS, findCommand } from './commands';
import { commandHelp, rootHelp } from './help';
import { DEFAULT_CLUSTER, clusterExists, contextNamespace, currentCluster, kubemuHome, statePath } from '../cluster/home';
import { openCluster, type Cluster } from '../cluster/cluster';
import { createCluster, DEFAULT_SPEC } from '../cluster/bootstrap';
import { CliError } from './errors';
import { impersonatedCluster, requestUser } from '../apiserver/authorization';

export { processIO, captureIO } from './io';

const VALUE_GLOBALS = new Set(['-n', '--namespace', '--cluster', '--context', '--kubeconfig', '--request-timeout', '-v', '-s', '--server', '--as', '--as-group']);

/** KUBEMU_ONLY names the verbs kubectl does not have; their hints say "kubemu". */
const KUBEMU_ONLY = new Set(['tick', 'cluster', 'node', 'why', 'scheduler', 'image', 'debug', 'addon']);

/** locate finds the command word(s) in argv, skipping global flags placed before them. */
function locate(argv: readonly string[]): { command?: Command; word?: string; rest: string[]; path: string[] } {
  const rest: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('-')) {
      rest.push(a);
      if (VALUE_GLOBALS.has(a) && i + 1 < argv.length) rest.push(argv[++i]!);
      continue;
    }
    break;
  }
  if (i >= argv.length) return { rest, path: [] };
  const word = argv[i]!;
  let command = findCommand(word);
  const cmdPath = [word];
  let j = i + 1;
  if (command?.subcommands) {
    // The subcommand is the next positional word (flags may sit in between).
    for (let k = j; k < argv.length; k++) {
      const a = argv[k]!;
      if (a.startsWith('-')) { if (VALUE_GLOBALS.has(a)) k++; continue; }
      const sub = command.subcommands[a];
      if (sub) {
        rest.push(...argv.slice(j, k));
        j = k + 1;
        command = sub;
        cmdPath.push(a);
      }
      break;
    }
  }
  rest.push(...argv.slice(j));
  return { command, word, rest, path: cmdPath };
}

/** main runs one CLI invocation and returns its exit code. */
export function main(argv: string[], io: IOStreams, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd(), opts: { keepOpen?: boolean } = {}): number {
  let opened: Cluster | undefined;
  let shown = 'kubectl';
  try {
    const { command, word, rest, path: cmdPath } = locate(argv);
    if (!word) {
      parseFlags(rest, GLOBAL_FLAGS); // refuses unknown flags before printing help
      io.out(rootHelp(COMMANDS));
      return 0;
    }
    if (!command) throw new CliError(`unknown command "${word}" for "kubectl"`);
    shown = `${KUBEMU_ONLY.has(cmdPath[0]!) ? 'kubemu' : 'kubectl'} ${cmdPath.join(' ')}`;
    let parsed;
    try {
      parsed = parseFlags(rest, [...command.flags, ...GLOBAL_FLAGS.filter((g) => !command.flags.some((f) => f.name === g.name || (g.short && f.short === g.short)))]);
    } catch (e) {
      if (e instanceof FlagError) {
        io.err(`error: ${e.message}\nSee '${shown} --help' for usage.\n`);
        return 1;
      }
      throw e;
    }
    if (parsed.flags.help) {
      io.out(commandHelp(command, shown));
      return 0;
    }
    const home = kubemuHome(env);
    const explicitCluster = (parsed.flags.cluster as string | undefined) || (parsed.flags.context as string | undefined) || env.KUBEMU_CLUSTER;
    const clusterName = explicitCluster || currentCluster(home);
    const user = requestUser({ as: parsed.flags.as as string | undefined, asGroups: parsed.flags['as-group'] as string[] | undefined });
    const impersonating = parsed.set.has('as');
    const ctx: CommandContext = {
      io, args: parsed.args, flags: parsed.flags, set: parsed.set, argsLenAtDash: parsed.argsLenAtDash,
      namespace: (parsed.flags.namespace as string | undefined) || contextNamespace(home, clusterName) || 'default',
      namespaceExplicit: parsed.set.has('namespace'),
      home, clusterName, env, cwd,
      cluster: () => {
        if (opened) return opened;
        const file = statePath(home, clusterName);
        if (!clusterExists(home, clusterName)) {
          if (clusterName !== DEFAULT_CLUSTER) {
            throw new CliError(`cluster "${clusterName}" does not exist; create it with 'kubemu cluster create ${clusterName}'`);
          }
          createCluster(file, { ...DEFAULT_SPEC, seed: randomInt(1, 2 ** 31) });
        }
        opened = openCluster(file, { onWarning: (m) => io.err(`${m}\n`) });
        // --as: the CLI's API calls are authorized for the impersonated user (components are not).
        if (impersonating) opened = impersonatedCluster(opened, user);
        return opened;
      },
    };
    return command.run(ctx);
  } catch (e) {
    const { text, exitCode } = formatError(e, shown.split(' ')[0]);
    if (text) io.err(`${text}\n`);
    return exitCode;
  } finally {
    if (!opts.keepOpen) opened?.close();
  }
}

/** resolvePath resolves a user path against the invocation's working directory. */
export function resolvePath(ctx: CommandContext, p: string): string {
  return path.resolve(ctx.cwd, p);
}
