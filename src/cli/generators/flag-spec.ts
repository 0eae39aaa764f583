/**
 * flag-spec: the shape of the GENERATORS table — one entry per subcommand, one FlagSpec per
 * flag, typed the way kubectl's pflag declares them.
 */

/**
 * FlagType is pflag's value type. `stringSlice` splits each value on commas and may repeat;
 * `stringArray` repeats without splitting; `stringToString` is `k=v,…` into a map.
 */
export type FlagType = 'string' | 'stringSlice' | 'stringArray' | 'bool' | 'int' | 'duration' | 'stringToString';

/** FlagSpec is one flag as kubectl defines it. */
export interface FlagSpec {
  /** name is the long name without dashes, e.g. 'from-literal'. */
  name: string;
  /** shorthand is the one-letter alias, e.g. 'o' for --output. */
  shorthand?: string;
  type: FlagType;
  /** default is the value when the flag is absent (pflag prints it in --help). */
  default: string | number | boolean | string[] | Record<string, string>;
  /** required flags fail with `required flag(s) "x" not set` when absent. */
  required?: boolean;
  /** noOptDefault is the value of a bare `--flag` without `=value` (e.g. --dry-run → 'unchanged'). */
  noOptDefault?: string;
  /** deprecated holds pflag's deprecation message; the flag still parses. */
  deprecated?: string;
  /** help is kubectl's usage text, verbatim. */
  help: string;
}

/** GeneratorSpec describes one subcommand for the parser and for --help. */
export interface GeneratorSpec {
  /** command is the path after `kubectl`, e.g. 'create secret generic'. */
  command: string;
  /** aliases of the last word, e.g. ['deploy'] for 'create deployment'. */
  aliases: string[];
  /** description is the long description printed first by --help. */
  description: string;
  /** examples is the Examples section, indented as kubectl prints it. */
  examples: string;
  /** usage is the line under "Usage:". */
  usage: string;
  flags: FlagSpec[];
}
