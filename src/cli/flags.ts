/**
 * flags: a parser with pflag's rules, as kubectl parses (flags anywhere among the
 * arguments, --name=value and --name value, -n value and -nvalue, grouped boolean
 * shorthands, `--` ending flags), with pflag's error texts.
 */
import { defineFlags, type FlagValuesOf } from './flag-table';
import { goParseBool } from '../api/go-parse-bool';

/** FlagType is pflag's value type; a duration and a `k=v,…` map are kept as the text given (the command parses it). */
export type FlagType = 'bool' | 'string' | 'stringArray' | 'stringSlice' | 'int' | 'duration' | 'stringToString';

/** FlagDef is one flag of a command, as data. */
export interface FlagDef {
  name: string;
  short?: string;
  type: FlagType;
  default?: string | number | boolean | string[];
  /** noOptDefault is the value when given without `=value` (e.g. --dry-run means "unchanged" in old kubectl). */
  noOptDefault?: string;
  help?: string;
  /** hidden flags parse but are left out of --help (kubectl's deprecated --record). */
  hidden?: boolean;
}

export type FlagValues = Record<string, string | number | boolean | string[] | undefined>;

/** FlagError is a parse failure; kubectl prints it with "See '<cmd> --help' for usage.". */
export class FlagError extends Error {
  override readonly name = 'FlagError';
}

/** ParsedArgs: flag values by long name, which flags were set, the positional arguments, and cobra's ArgsLenAtDash. */
export interface ParsedArgs { flags: FlagValues; set: Set<string>; args: string[]; argsLenAtDash: number }

/** parseFlags parses argv against the command's flag table. */
export function parseFlags(argv: readonly string[], defs: readonly FlagDef[]): ParsedArgs {
  const byName = new Map(defs.map((d) => [d.name, d] as const));
  const byShort = new Map(defs.filter((d) => d.short).map((d) => [d.short!, d] as const));
  const flags: FlagValues = {};
  const set = new Set<string>();
  const args: string[] = [];
  let argsLenAtDash = -1;
  for (const d of defs) flags[d.name] = Array.isArray(d.default) ? [...d.default] : d.default;
  // A repeated array flag adds to the values given earlier on the command line, not to its default.
  const given = (d: FlagDef): string[] => {
    const v = flags[d.name];
    return set.has(d.name) && Array.isArray(v) ? v : [];
  };
  const assign = (d: FlagDef, raw: string, shown: string) => {
    switch (d.type) {
      case 'bool': {
        const v = goParseBool(raw);
        if (v === undefined) throw new FlagError(`invalid argument "${raw}" for "${shown}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`);
        flags[d.name] = v;
        break;
      }
      case 'int': {
        if (!/^[+-]?\d+$/.test(raw)) throw new FlagError(`invalid argument "${raw}" for "${shown}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`);
        flags[d.name] = Number(raw);
        break;
      }
      case 'stringArray': {
        flags[d.name] = [...given(d), raw];
        break;
      }
      case 'stringSlice': {
        flags[d.name] = [...given(d), ...(raw === '' ? [] : raw.split(','))];
        break;
      }
      default: flags[d.name] = raw;
    }
    set.add(d.name);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') { argsLenAtDash = args.length; args.push(...argv.slice(i + 1)); break; }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const d = byName.get(name);
      if (!d) throw new FlagError(`unknown flag: --${name}`);
      if (eq >= 0) assign(d, a.slice(eq + 1), `--${name}`);
      else if (d.type === 'bool') assign(d, 'true', `--${name}`);
      else if (d.noOptDefault !== undefined) assign(d, d.noOptDefault, `--${name}`);
      else {
        if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: --${name}`);
        assign(d, argv[++i]!, `--${name}`);
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      // Shorthands: -it (bools), -n ns, -nns, -n=ns.
      let j = 1;
      while (j < a.length) {
        const c = a[j]!;
        const d = byShort.get(c);
        if (!d) throw new FlagError(`unknown shorthand flag: '${c}' in ${a}`);
        const rest = a.slice(j + 1);
        if (d.type === 'bool') {
          if (rest.startsWith('=')) { assign(d, rest.slice(1), `-${c}`); break; }
          assign(d, 'true', `-${c}`);
          j++;
          continue;
        }
        if (rest.length) { assign(d, rest.startsWith('=') ? rest.slice(1) : rest, `-${c}, --${d.name}`); break; }
        if (d.noOptDefault !== undefined) { assign(d, d.noOptDefault, `-${c}`); break; }
        if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: '${c}' in -${c}`);
        assign(d, argv[++i]!, `-${c}, --${d.name}`);
        break;
      }
      continue;
    }
    args.push(a);
  }
  return { flags, set, args, argsLenAtDash };
}

/** GLOBAL_FLAGS are accepted by every command (kubectl's persistent flags that matter here). */
export const GLOBAL_FLAGS = defineFlags([
  { name: 'namespace', short: 'n', type: 'string', help: 'If present, the namespace scope for this CLI request' },
  { name: 'cluster', type: 'string', help: 'The name of the kubemu cluster to use' },
  { name: 'context', type: 'string', help: 'The name of the kubeconfig context to use (the kubemu cluster)' },
  { name: 'kubeconfig', type: 'string', help: 'Path to the kubeconfig file to use for CLI requests.' },
  { name: 'user', type: 'string', help: 'The name of the kubeconfig user to use' },
  { name: 'token', type: 'string', help: 'Bearer token for authentication to the API server' },
  { name: 'v', short: 'v', type: 'int', default: 0, help: 'number for the log level verbosity' },
  { name: 'request-timeout', type: 'string', default: '0', help: 'The length of time to wait before giving up on a single server request (ignored)' },
  { name: 'help', short: 'h', type: 'bool', default: false, help: 'help for this command' },
  { name: 'as', type: 'string', help: 'Username to impersonate for the operation. User could be a regular user or a service account in a namespace.' },
  { name: 'as-group', type: 'stringArray', default: [], help: 'Group to impersonate for the operation, this flag can be repeated to specify multiple groups.' },
]);

/** GlobalFlagValues are the values of GLOBAL_FLAGS, which every command's flags carry. */
export type GlobalFlagValues = FlagValuesOf<typeof GLOBAL_FLAGS>;
