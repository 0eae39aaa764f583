/**
 * kubeadm-token: `kubeadm token create|list|delete|generate` (cmd/kubeadm/app/cmd/token.go at
 * v1.32) on a node host, through the API as admin.conf's user: a token is the Secret
 * bootstrap-token-<id> in kube-system (src/api/bootstrap-token.ts). Tokens are drawn from the
 * cluster's seeded generator, where kubeadm reads crypto/rand.
 */
import type { ApiClient } from '../apiserver/client';
import { ApiError } from '../apiserver/errors';
import {
  BOOTSTRAP_GROUP_PATTERN, BOOTSTRAP_TOKEN_ID_PATTERN, BOOTSTRAP_TOKEN_PATTERN, BOOTSTRAP_TOKEN_SECRET_TYPE, DEFAULT_NODE_TOKEN_GROUP, DEFAULT_TOKEN_TTL_MS, KNOWN_USAGES,
  bootstrapTokenFromSecret, bootstrapTokenSecret, expirationAfter, generateBootstrapToken, isBootstrapGroup, isTokenID, parseToken, secretNameOf, type BootstrapToken,
} from '../api/bootstrap-token';
import { DurationError, parseDuration } from '../api/duration';
import { tabulateRows } from '../api/go-tabwriter';
import { shortHumanDuration } from '../api/human-duration';
import type { Rand } from '../sim/rand';
import type { FinishedCommand } from '../kubelet/shell';
import { toJson } from '../yaml/write-json';
import { toYaml } from '../yaml/write-yaml';

/** TokenEnv is what the token commands need of the host. */
export interface TokenEnv { api: ApiClient; nowMs: number; rand: Rand; joinCommand: (token: string, certificateKey?: string) => string }

const STACK_HINT = 'To see the stack trace of this error execute with --v=5 or higher';
/** VALIDATION_EXIT_CODE is kubeadm's exit code for a validation error (an Aggregate). */
const VALIDATION_EXIT_CODE = 3;

/** failed is kubeadm's CheckErr: the message and the stack-trace hint on stderr, exit 1 (3 for a validation error). */
const failed = (message: string, code = 1): FinishedCommand => ({ output: [], errors: [...message.split('\n'), STACK_HINT], code });
const done = (output: string[]): FinishedCommand => ({ output, code: 0 });

interface TokenFlags { values: Map<string, string>; bools: Set<string>; args: string[] }
const VALUE_FLAGS = new Set(['ttl', 'description', 'usages', 'groups', 'certificate-key', 'config', 'kubeconfig', 'experimental-output', 'o']);
const BOOL_FLAGS = new Set(['print-join-command', 'dry-run', 'help', 'h', 'show-managed-fields', 'allow-missing-template-keys']);

/** parseFlags reads pflag's --name=value, --name value and boolean forms; an unknown flag is cobra's error. */
function parseFlags(argv: string[]): TokenFlags | { error: string } {
  const out: TokenFlags = { values: new Map(), bools: new Set(), args: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-') || a === '-') { out.args.push(a); continue; }
    const long = a.startsWith('--');
    const [name, inline] = a.replace(/^--?/, '').split(/=(.*)/s, 2) as [string, string | undefined];
    if (BOOL_FLAGS.has(name)) { if (inline !== 'false') out.bools.add(name); continue; }
    if (!VALUE_FLAGS.has(name)) return { error: long ? `unknown flag: --${name}` : `unknown shorthand flag: '${name[0]}' in ${a}` };
    const value = inline ?? argv[++i];
    if (value === undefined) return { error: `flag needs an argument: ${long ? `--${name}` : `'${name}' in -${name}`}` };
    out.values.set(name === 'o' ? 'experimental-output' : name, value);
  }
  return out;
}

/** generateToken draws a token from the cluster's generator. */
function generateToken(rand: Rand): string {
  return generateBootstrapToken((n) => rand.int(n));
}

const goStringSlice = (xs: readonly string[]) => `[]string{${xs.map((x) => JSON.stringify(x)).join(', ')}}`;

/** validateToken is kubeadm's ValidateBootstrapTokens for the one token `create` makes: its field errors. */
function validateToken(usages: string[], groups: string[]): string[] {
  const errs: string[] = [];
  const invalid = [...new Set(usages.filter((u) => !(KNOWN_USAGES as readonly string[]).includes(u)))].sort();
  if (invalid.length) {
    errs.push(`bootstrapTokens.0.usages: Invalid value: ${goStringSlice(usages)}: invalid bootstrap token usage string: ${invalid.join(',')}, valid usage options: ${KNOWN_USAGES.join(',')}`);
  }
  if (groups.length && !usages.includes('authentication')) {
    errs.push(`bootstrapTokens.0.groups: Invalid value: ${goStringSlice(groups)}: token groups cannot be specified unless --usages includes "authentication"`);
  }
  for (const g of groups) {
    if (!isBootstrapGroup(g)) errs.push(`bootstrapTokens.0.groups: Invalid value: ${goStringSlice(groups)}: bootstrap group ${JSON.stringify(g)} is invalid (must match ${BOOTSTRAP_GROUP_PATTERN})`);
  }
  return errs;
}

/** csv reads a string-slice flag (pflag's StringSlice: comma-separated). */
const csv = (v: string | undefined, fallback: string[]) => (v === undefined ? fallback : v === '' ? [] : v.split(','));

function create(f: TokenFlags, env: TokenEnv): FinishedCommand {
  let token = f.args[0];
  if (token !== undefined && !parseToken(token)) {
    return failed(`the bootstrap token ${JSON.stringify(token)} was not of the form ${JSON.stringify(BOOTSTRAP_TOKEN_PATTERN)}`);
  }
  let ttlMs = DEFAULT_TOKEN_TTL_MS;
  const ttl = f.values.get('ttl');
  if (ttl !== undefined) {
    try { ttlMs = parseDuration(ttl); } catch (e) {
      if (!(e instanceof DurationError)) throw e;
      return failed(`invalid argument ${JSON.stringify(ttl)} for "--ttl" flag: ${e.message}`);
    }
  }
  const usages = csv(f.values.get('usages'), ['signing', 'authentication']);
  const groups = csv(f.values.get('groups'), [DEFAULT_NODE_TOKEN_GROUP]);
  const errs = validateToken(usages, groups);
  if (errs.length) return failed(errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`, VALIDATION_EXIT_CODE);
  const certificateKey = f.values.get('certificate-key');
  if (certificateKey && !f.bools.has('print-join-command')) return failed('cannot use --certificate-key without --print-join-command');
  while (token === undefined) {
    const drawn = generateToken(env.rand);
    if (!env.api.tryGet({ kind: 'Secret', namespace: 'kube-system', name: secretNameOf(drawn.slice(0, 6)) })) token = drawn;
  }
  const { id, secret } = parseToken(token)!;
  if (env.api.tryGet({ kind: 'Secret', namespace: 'kube-system', name: secretNameOf(id) })) return failed(`a token with id ${JSON.stringify(id)} already exists`);
  const expires = ttlMs > 0 ? expirationAfter(env.nowMs, ttlMs) : undefined;
  const description = f.values.get('description');
  const bt: BootstrapToken = { id, secret, ...(description ? { description } : {}), ...(expires ? { expires } : {}), usages, groups };
  if (!f.bools.has('dry-run')) env.api.create(bootstrapTokenSecret(bt), { fieldManager: 'kubeadm' });
  if (f.bools.has('print-join-command')) return done([env.joinCommand(token, certificateKey)]);
  return done([token]);
}

/** formatToken is kubeadm's formatBootstrapToken: the cells padded first, then tabbed. */
function formatToken(t: BootstrapToken, nowMs: number): string[] {
  const expiresMs = t.expires ? Date.parse(t.expires) : undefined;
  // kubemu: the list runs a moment after the create, as on a host (a new 24 h token shows 23h, not 1d).
  const ttl = expiresMs === undefined ? '<forever>' : shortHumanDuration(expiresMs - nowMs - 1000);
  return [
    `${t.id}.${t.secret}`, ttl.padEnd(9), t.expires ?? '<never>', (t.usages.join(',') || '<none>').padEnd(22),
    (t.description || '<none>').padEnd(56), t.groups.join(',') || '<none>',
  ];
}

/** OUTPUT_FORMATS are kubeadm's output.PrintFlags' (text first, then cli-runtime's); kubemu prints the first three. */
const OUTPUT_FORMATS = ['text', 'json', 'yaml', 'go-template', 'go-template-file', 'template', 'templatefile', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file'];

/** outputToken is the token as kubeadm's output API (output.kubeadm.k8s.io/v1alpha3 BootstrapToken) has it, in Go's field order. */
function outputToken(t: BootstrapToken): Record<string, unknown> {
  return {
    kind: 'BootstrapToken', apiVersion: 'output.kubeadm.k8s.io/v1alpha3', token: `${t.id}.${t.secret}`,
    ...(t.description ? { description: t.description } : {}), ...(t.expires ? { expires: t.expires } : {}),
    ...(t.usages.length ? { usages: t.usages } : {}), ...(t.groups.length ? { groups: t.groups } : {}),
  };
}

function list(f: TokenFlags, env: TokenEnv): FinishedCommand {
  if (f.args.length) return failed(`unknown command ${JSON.stringify(f.args[0])} for "kubeadm token list"`);
  const format = f.values.get('experimental-output') ?? 'text';
  if (!OUTPUT_FORMATS.includes(format)) {
    return failed(`could not construct output printer: unable to match a printer suitable for the output format ${JSON.stringify(format)}, allowed formats are: ${OUTPUT_FORMATS.join(',')}`);
  }
  if (!['text', 'json', 'yaml'].includes(format)) return failed(`kubemu: kubeadm token list prints text, json or yaml, not ${format}`);
  const lines: string[] = [];
  const errors: string[] = [];
  let printed = 0;
  for (const secret of env.api.list({ kind: 'Secret', namespace: 'kube-system' })) {
    if (secret.type !== BOOTSTRAP_TOKEN_SECRET_TYPE) continue;
    const t = bootstrapTokenFromSecret(secret);
    // kubeadm writes this to stderr without a line end; here it is a line of its own.
    if ('error' in t) { errors.push(t.error); continue; }
    if (format === 'json') lines.push(...toJson(outputToken(t), { sortKeys: false }).trimEnd().split('\n'));
    else if (format === 'yaml') lines.push(...(printed ? ['---'] : []), ...toYaml(outputToken(t)).trimEnd().split('\n'));
    // One tabwriter per token; the header shares the first's (tokenTextPrinter.PrintObj).
    else lines.push(...tabulateRows([...(printed ? [] : [['TOKEN', 'TTL', 'EXPIRES', 'USAGES', 'DESCRIPTION', 'EXTRA GROUPS']]), formatToken(t, env.nowMs)], 3, 10));
    printed++;
  }
  return { output: lines, ...(errors.length ? { errors } : {}), code: 0 };
}

function remove(f: TokenFlags, env: TokenEnv): FinishedCommand {
  const patterns = `${JSON.stringify(BOOTSTRAP_TOKEN_PATTERN)} or ${JSON.stringify(BOOTSTRAP_TOKEN_ID_PATTERN)}`;
  if (!f.args.length) return failed(`missing argument; 'token delete' is missing token of form ${patterns}`);
  const output: string[] = [];
  // Each token is deleted in turn; the first that fails ends the command after those before it.
  const stop = (message: string): FinishedCommand => ({ output, errors: [message, STACK_HINT], code: 1 });
  for (const arg of f.args) {
    const id = isTokenID(arg) ? arg : parseToken(arg)?.id;
    if (!id) return stop(`given token didn't match pattern ${patterns}`);
    try {
      if (!f.bools.has('dry-run')) env.api.delete({ kind: 'Secret', namespace: 'kube-system', name: secretNameOf(id) }, { fieldManager: 'kubeadm' });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return stop(`failed to delete bootstrap token ${JSON.stringify(id)}: ${e.message}`);
    }
    output.push(`bootstrap token ${JSON.stringify(id)} deleted`);
  }
  return done(output);
}

/** TOKEN_HELP is the usage `kubeadm token` prints alone (cobra's help, its commands part). */
const TOKEN_HELP = ['Usage:', '  kubeadm token [flags]', '  kubeadm token [command]', '', 'Available Commands:',
  '  create      Create bootstrap tokens on the server', '  delete      Delete bootstrap tokens on the server',
  '  generate    Generate and print a bootstrap token, but do not create it on the server', '  list        List bootstrap tokens on the server'];

/** kubeadmToken runs `kubeadm token SUB …` (flags may come anywhere, as pflag reads them). */
export function kubeadmToken(argv: string[], env: TokenEnv): FinishedCommand {
  const parsed = parseFlags(argv);
  if ('error' in parsed) return failed(parsed.error);
  const [sub, ...args] = parsed.args;
  const f = { ...parsed, args };
  // kubemu: --help prints the usage lines, not cobra's whole help; it never runs the command.
  if (f.bools.has('help') || f.bools.has('h')) return done(sub ? ['Usage:', `  kubeadm token ${sub} [flags]`] : TOKEN_HELP);
  switch (sub) {
    case 'create': return create(f, env);
    case 'list': return list(f, env);
    case 'delete': return remove(f, env);
    case 'generate': return done([generateToken(env.rand)]);
    // cmdutil.SubCmdRun: the help and exit 1, or a usage error.
    case undefined: return { output: TOKEN_HELP, code: 1 };
    default: return failed(`invalid subcommand ${JSON.stringify([sub, ...args].join(' '))}\nSee 'kubeadm token -h' for help and examples`);
  }
}
