/**
 * command: what a CLI command is — a flag table plus a run function — and the context
 * main() hands it: streams, parsed flags, the namespace, and the cluster (opened lazily).
 */
import type { IOStreams } from './io';
import type { FlagDef, FlagValues, GlobalFlagValues } from './flags';
import type { FlagValuesOf } from './flag-table';
import type { Cluster } from '../cluster/cluster';
import type { CommandSpec } from './front';
import type { UserInfo } from '../apiserver/authorization/user-info';

/**
 * CommandContext is everything a command may use. F is the command's own flag values
 * (FlagValuesOf its table); the global flags are always there too.
 */
export interface CommandContext<F extends object = FlagValues> {
  io: IOStreams;
  /** args are the positional arguments after the command word(s). */
  args: string[];
  flags: F & GlobalFlagValues;
  /** argsLenAtDash is how many positional arguments came before `--` (-1: no `--`), as cobra reports it. */
  argsLenAtDash: number;
  /** set names the flags given explicitly. */
  set: Set<string>;
  /** namespace is -n, or "default". */
  namespace: string;
  /** namespaceExplicit is true when -n was given. */
  namespaceExplicit: boolean;
  home: string;
  clusterName: string;
  /** cluster opens the cluster (creating the default one on first use). */
  cluster(): Cluster;
  /** env is the process environment (EDITOR, KUBEMU_*). */
  env: NodeJS.ProcessEnv;
  /** cwd resolves relative paths. */
  cwd: string;
  /** argv is the command line as typed, after the program name (--record writes it into change-cause). */
  argv?: readonly string[];
  /** requestUser is who the command's API calls are made as (authenticating opens the cluster). */
  requestUser?: () => UserInfo;
}

/** FlagsContext is the context of a command whose flag table is T (helpers shared by verbs take it too). */
export type FlagsContext<T extends readonly FlagDef[]> = CommandContext<FlagValuesOf<T>>;

/** Command is one verb. `run` returns the exit code; failures are thrown and formatted by main. */
export interface Command<T extends readonly FlagDef[] = readonly FlagDef[]> extends CommandSpec {
  readonly flags: T;
  /** subcommands, for verbs like `create configmap`, `cluster create`. */
  readonly subcommands?: Readonly<Record<string, Command>>;
  /** needsCluster false lets a command run without opening a cluster (version --client, cluster list). */
  run(ctx: FlagsContext<T>): number;
}

/** defineCommand returns the command unchanged; it types `ctx.flags` in run from the command's flag table. */
export function defineCommand<const T extends readonly FlagDef[]>(command: Command<T>): Command<T> {
  return command;
}
