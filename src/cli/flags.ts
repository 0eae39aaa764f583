/**
 * flags: a parser with pflag's rules, as kubectl parses (flags anywhere among the
 * arguments, --name=value and --name value, -n value and -nvalue, grouped boolean
 * shorthands, `--` ending flags), with pflag's error texts.
 */
import { defineFlags, type FlagValuesOf } from './flag-table';
import { goParseBool } from '../api/go-parse-bool';
import { DurationError, parseDurationNanos } from '../api/duration';

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
  /** shownDefault is help's text for a default its value type prints its own way (klog's --vmodule: nothing, unquoted). */
  shownDefault?: string;
  /** goFlag: registered through Go's flag package (klog's flags), whose refusal of a value is its bare "parse error". */
  goFlag?: boolean;
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
  const assign = (d: FlagDef, raw: string) => {
    // pflag names the flag with its shorthand whichever form was given (FlagSet.Set).
    const shown = d.short ? `-${d.short}, --${d.name}` : `--${d.name}`;
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
      case 'duration': {
        // pflag parses a duration as it is given (time.ParseDuration).
        try {
          parseDurationNanos(raw);
        } catch (e) {
          if (!(e instanceof DurationError)) throw e;
          throw new FlagError(`invalid argument "${raw}" for "${shown}" flag: ${d.goFlag ? 'parse error' : e.message}`);
        }
        flags[d.name] = raw;
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
      if (eq >= 0) assign(d, a.slice(eq + 1));
      else if (d.type === 'bool') assign(d, 'true');
      else if (d.noOptDefault !== undefined) assign(d, d.noOptDefault);
      else {
        if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: --${name}`);
        assign(d, argv[++i]!);
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
          if (rest.startsWith('=')) { assign(d, rest.slice(1)); break; }
          assign(d, 'true');
          j++;
          continue;
        }
        if (rest.length) { assign(d, rest.startsWith('=') ? rest.slice(1) : rest); break; }
        if (d.noOptDefault !== undefined) { assign(d, d.noOptDefault); break; }
        if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: '${c}' in -${c}`);
        assign(d, argv[++i]!);
        break;
      }
      continue;
    }
    args.push(a);
  }
  return { flags, set, args, argsLenAtDash };
}

/**
 * GLOBAL_FLAGS are kubectl 1.32's persistent flags, accepted by every command, with its help texts
 * and defaults (`kubectl options`). Most of the connection's flags are kubeconfig overrides read
 * when a command opens the cluster (cli/connection-flags.ts); --profile, --log-flush-frequency,
 * --cache-dir, --disable-compression, --match-server-version and --vmodule change nothing a
 * kubemu command prints (docs/differences-from-kubectl.md).
 */
export const GLOBAL_FLAGS = defineFlags([
  { name: 'as', type: 'string', help: 'Username to impersonate for the operation. User could be a regular user or a service account in a namespace.' },
  { name: 'as-group', type: 'stringArray', default: [], help: 'Group to impersonate for the operation, this flag can be repeated to specify multiple groups.' },
  { name: 'as-uid', type: 'string', help: 'UID to impersonate for the operation.' },
  { name: 'cache-dir', type: 'string', default: `${process.env.HOME ?? ''}/.kube/cache`, help: 'Default cache directory' },
  { name: 'certificate-authority', type: 'string', help: 'Path to a cert file for the certificate authority' },
  { name: 'client-certificate', type: 'string', help: 'Path to a client certificate file for TLS' },
  { name: 'client-key', type: 'string', help: 'Path to a client key file for TLS' },
  { name: 'cluster', type: 'string', help: 'The name of the kubeconfig cluster to use' },
  { name: 'context', type: 'string', help: 'The name of the kubeconfig context to use' },
  { name: 'disable-compression', type: 'bool', default: false, help: 'If true, opt-out of response compression for all requests to the server' },
  { name: 'insecure-skip-tls-verify', type: 'bool', default: false, help: "If true, the server's certificate will not be checked for validity. This will make your HTTPS connections insecure" },
  { name: 'kubeconfig', type: 'string', help: 'Path to the kubeconfig file to use for CLI requests.' },
  { name: 'log-flush-frequency', type: 'duration', default: '5s', goFlag: true, help: 'Maximum number of seconds between log flushes' },
  { name: 'match-server-version', type: 'bool', default: false, help: 'Require server version to match client version' },
  { name: 'namespace', short: 'n', type: 'string', help: 'If present, the namespace scope for this CLI request' },
  { name: 'password', type: 'string', help: 'Password for basic authentication to the API server' },
  { name: 'profile', type: 'string', default: 'none', help: 'Name of profile to capture. One of (none|cpu|heap|goroutine|threadcreate|block|mutex)' },
  { name: 'profile-output', type: 'string', default: 'profile.pprof', help: 'Name of the file to write the profile to' },
  { name: 'request-timeout', type: 'string', default: '0', help: "The length of time to wait before giving up on a single server request. Non-zero values should contain a corresponding time unit (e.g. 1s, 2m, 3h). A value of zero means don't timeout requests." },
  { name: 'server', short: 's', type: 'string', help: 'The address and port of the Kubernetes API server' },
  { name: 'tls-server-name', type: 'string', help: 'Server name to use for server certificate validation. If it is not provided, the hostname used to contact the server is used' },
  { name: 'token', type: 'string', help: 'Bearer token for authentication to the API server' },
  { name: 'user', type: 'string', help: 'The name of the kubeconfig user to use' },
  { name: 'username', type: 'string', help: 'Username for basic authentication to the API server' },
  { name: 'v', short: 'v', type: 'int', default: 0, help: 'number for the log level verbosity' },
  { name: 'vmodule', type: 'string', shownDefault: '', help: 'comma-separated list of pattern=N settings for file-filtered logging (only works for the default text log format)' },
  { name: 'warnings-as-errors', type: 'bool', default: false, help: 'Treat warnings received from the server as errors and exit with a non-zero exit code' },
  { name: 'help', short: 'h', type: 'bool', default: false, help: 'help for this command' },
]);

/** CONNECTION_FLAGS are the global flags a command's connection is checked against when given (cli/connection-flags.ts). */
export const CONNECTION_FLAGS = ['request-timeout', 'server', 'certificate-authority', 'insecure-skip-tls-verify', 'tls-server-name'] as const;

/** GlobalFlagValues are the values of GLOBAL_FLAGS, which every command's flags carry. */
export type GlobalFlagValues = FlagValuesOf<typeof GLOBAL_FLAGS>;
