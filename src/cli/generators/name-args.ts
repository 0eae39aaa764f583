/**
 * name-args: kubectl create's NameFromCommandArgs — the positional arguments before `--`.
 */
import { EXACTLY_ONE_NAME, GeneratorError } from './generator-error';

/**
 * nameFromArgs returns the single NAME among `args` (the positionals before `--`, as cobra's
 * ArgsLenAtDash counts them) and the rest (after `--`) as the command. Throws the usage error
 * `exactly one NAME is required, got N` otherwise.
 */
export function nameFromArgs(args: readonly string[], argsLenAtDash = -1): { name: string; command: string[] } {
  // Mirrors kubectl pkg/cmd/create/create.go NameFromCommandArgs: with `--`, only the words
  // before it count as names; without it, every positional does.
  const names = argsLenAtDash >= 0 ? args.slice(0, argsLenAtDash) : args;
  if (names.length !== 1) throw new GeneratorError(EXACTLY_ONE_NAME(names.length), true);
  return { name: names[0]!, command: args.slice(1) };
}
