/**
 * config-edit: kubectl config's editing subcommands — set-context, set-credentials,
 * set-cluster, delete-context/-user/-cluster, rename-context — with kubectl's messages. Each
 * edits the merged config and saves it where clientcmd would (loading-rules.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, UsageError } from '../errors';
import { fileOf, loadKubeconfig, saveKubeconfig, type LoadedKubeconfig, type Section } from '../kubeconfig/loading-rules';
import type { Kubeconfig, UserEntry } from '../kubeconfig/kubeconfig';

/** loaded reads the kubeconfig files the command is pointed at. */
export function loaded(ctx: CommandContext): LoadedKubeconfig {
  return loadKubeconfig(ctx.home, ctx.env, ctx.flags.kubeconfig, ctx.cwd);
}

/** saveEdit applies an edit to a copy of the merged config and writes it back. */
export function saveEdit(l: LoadedKubeconfig, edit: (cfg: Kubeconfig) => void): void {
  const m = l.merged;
  const next: Kubeconfig = {
    clusters: new Map([...m.clusters].map(([k, v]) => [k, { ...v }])),
    users: new Map([...m.users].map(([k, v]) => [k, { ...v }])),
    contexts: new Map([...m.contexts].map(([k, v]) => [k, { ...v }])),
    currentContext: m.currentContext,
    preferences: { ...m.preferences },
  };
  edit(next);
  saveKubeconfig(l, next);
}

/** goStrings is Go's %v of a []string: `[a b]`. */
export const goStrings = (args: readonly string[]): string => `[${args.join(' ')}]`;

/** helpErrorf is kubectl config's helpErrorf: the subcommand's help on stdout, then the error. */
export function helpErrorf(ctx: CommandContext, command: Command, message: string): never {
  const { commandHelp } = require('../help') as typeof import('../help');
  const { kubectlHelpText } = require('../kubectl-help') as typeof import('../kubectl-help');
  ctx.io.out(commandHelp(command, `kubectl config ${command.name}`, kubectlHelpText(`config ${command.name}`)));
  throw new CliError(message);
}

/** oneName is set-cluster's one NAME argument (else its help and error). */
const oneName = (ctx: CommandContext, command: Command, what: string): string => {
  if (ctx.args.length !== 1) helpErrorf(ctx, command, `${what}: ${goStrings(ctx.args)}`);
  return ctx.args[0]!;
};

const setContext = defineCommand({
  name: 'set-context', short: 'Set a context entry in kubeconfig', usage: 'kubectl config set-context [NAME | --current] [--cluster=cluster_nickname] [--user=user_nickname] [--namespace=namespace] [options]',
  flags: [
    { name: 'current', type: 'bool', default: false, help: 'Modify the current context' },
    { name: 'cluster', type: 'string', help: 'cluster for the context entry in kubeconfig' },
    { name: 'user', type: 'string', help: 'user for the context entry in kubeconfig' },
    // Its own --namespace, without -n, shadows the global flag, as in kubectl.
    { name: 'namespace', type: 'string', help: 'namespace for the context entry in kubeconfig' },
  ],
  run(ctx) {
    if (ctx.args.length > 1) helpErrorf(ctx, setContext, `Unexpected args: ${goStrings(ctx.args)}`);
    const l = loaded(ctx);
    let name = ctx.args[0];
    if (ctx.flags.current) {
      if (ctx.args.length) throw new CliError('you cannot specify both a context name and --current');
      name = l.merged.currentContext;
      if (!name) throw new CliError('no current context is set');
    }
    if (!name) throw new CliError('you must specify a non-empty context name or --current');
    const exists = l.merged.contexts.has(name);
    saveEdit(l, (cfg) => {
      const c = { ...(cfg.contexts.get(name!) ?? { cluster: '', user: '' }) };
      if (ctx.set.has('cluster')) c.cluster = ctx.flags.cluster ?? '';
      if (ctx.set.has('user')) c.user = ctx.flags.user ?? '';
      if (ctx.set.has('namespace')) { if (ctx.flags.namespace) c.namespace = ctx.flags.namespace; else delete c.namespace; }
      cfg.contexts.set(name!, c);
    });
    ctx.io.out(`Context "${name}" ${exists ? 'modified' : 'created'}.\n`);
    return 0;
  },
});

/** readForEmbed reads a file whose contents --embed-certs puts in the config. */
function readForEmbed(ctx: CommandContext, file: string, what: string): string {
  try {
    return fs.readFileSync(path.resolve(ctx.cwd, file)).toString('base64');
  } catch {
    throw new CliError(`could not stat ${what} file ${file}: stat ${file}: no such file or directory`);
  }
}

/** parsePairs is kubectl's ParsePairs with removal: `k=v` sets, `k-` removes, anything else is refused. */
function parsePairs(args: readonly string[], pairType: string): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const a of args) {
    if (a.includes('=') && a[0] !== '=') {
      const at = a.indexOf('=');
      // Later pairs of one key win, as in kubectl's map.
      const i = set.findIndex(([k]) => k === a.slice(0, at));
      if (i >= 0) set.splice(i, 1);
      set.push([a.slice(0, at), a.slice(at + 1)]);
    } else if (a.endsWith('-') && a !== '-') remove.push(a.slice(0, -1));
    else invalid.push(a);
  }
  if (invalid.length) throw new CliError(`invalid ${pairType} format: ${invalid.join(', ')}`);
  return { set, remove };
}

const INTERACTIVE_MODES = new Set(['IfAvailable', 'Never', 'Always']);

const setCredentials: Command = defineCommand({
  name: 'set-credentials', short: 'Set a user entry in kubeconfig',
  usage: 'kubectl config set-credentials NAME [--client-certificate=path/to/certfile] [--client-key=path/to/keyfile] [--token=bearer_token] [--username=basic_user] [--password=basic_password] [--auth-provider=provider_name] [--auth-provider-arg=key=value] [--exec-command=exec_command] [--exec-api-version=exec_api_version] [--exec-arg=arg] [--exec-env=key=value] [options]',
  flags: [
    { name: 'client-certificate', type: 'string', help: 'Path to client-certificate file for the user entry in kubeconfig' },
    { name: 'client-key', type: 'string', help: 'Path to client-key file for the user entry in kubeconfig' },
    { name: 'embed-certs', type: 'bool', default: false, help: 'Embed client cert/key for the user entry in kubeconfig' },
    { name: 'token', type: 'string', help: 'token for the user entry in kubeconfig' },
    { name: 'username', type: 'string', help: 'username for the user entry in kubeconfig' },
    { name: 'password', type: 'string', help: 'password for the user entry in kubeconfig' },
    { name: 'auth-provider', type: 'string', help: 'Auth provider for the user entry in kubeconfig' },
    { name: 'auth-provider-arg', type: 'stringSlice', default: [], help: "'key=value' arguments for the auth provider" },
    { name: 'exec-command', type: 'string', help: 'Command for the exec credential plugin for the user entry in kubeconfig' },
    { name: 'exec-api-version', type: 'string', help: 'API version of the exec credential plugin for the user entry in kubeconfig' },
    { name: 'exec-arg', type: 'stringSlice', default: [], help: 'New arguments for the exec credential plugin command for the user entry in kubeconfig' },
    { name: 'exec-env', type: 'stringArray', default: [], help: "'key=value' environment values for the exec credential plugin" },
    { name: 'exec-interactive-mode', type: 'string', help: 'InteractiveMode of the exec credentials plugin for the user entry in kubeconfig' },
    { name: 'exec-provide-cluster-info', type: 'bool', default: false, noOptDefault: 'true', help: 'ProvideClusterInfo of the exec credentials plugin for the user entry in kubeconfig' },
  ],
  run(ctx) {
    const f = ctx.flags;
    // kubectl's complete: its errors come after the help.
    let providerArgs: ReturnType<typeof parsePairs> | undefined;
    let execEnv: ReturnType<typeof parsePairs> | undefined;
    try {
      if (ctx.args.length !== 1) throw new CliError(`unexpected args: ${goStrings(ctx.args)}`);
      if (f['auth-provider-arg'].length) providerArgs = parsePairs(f['auth-provider-arg'], 'auth-provider-arg');
      if (f['exec-env'].length) execEnv = parsePairs(f['exec-env'], 'exec-env');
    } catch (e) {
      if (e instanceof CliError) helpErrorf(ctx, setCredentials, e.message);
      throw e;
    }
    const name = ctx.args[0]!;
    // kubectl's validate.
    if (!name) throw new CliError('you must specify a non-empty user name');
    const methods: string[] = [];
    if (f.token) methods.push('--token');
    if (f.username || f.password) methods.push('--username/--password');
    if (methods.length > 1) throw new CliError(`you cannot specify more than one authentication method at the same time: ${methods.join(', ')}`);
    const embed = !!f['embed-certs'];
    const cert = f['client-certificate'];
    const key = f['client-key'];
    if (embed && !cert && !key) throw new CliError('you must specify a --client-certificate or --client-key to embed');
    const certData = cert && embed ? readForEmbed(ctx, cert, 'client-certificate') : undefined;
    const keyData = key && embed ? readForEmbed(ctx, key, 'client-key') : undefined;
    if (ctx.set.has('exec-interactive-mode') && !INTERACTIVE_MODES.has(f['exec-interactive-mode'] ?? '')) throw new CliError('invalid interactive mode type, can be only IfAvailable, Never, Always');
    saveEdit(loaded(ctx), (cfg) => {
      const u: Record<string, unknown> = { ...(cfg.users.get(name) ?? {}) };
      if (ctx.set.has('client-certificate')) {
        if (embed) { u['client-certificate-data'] = certData; delete u['client-certificate']; } else if (cert) { u['client-certificate'] = path.resolve(ctx.cwd, cert); delete u['client-certificate-data']; } else delete u['client-certificate'];
      }
      if (ctx.set.has('client-key')) {
        if (embed) { u['client-key-data'] = keyData; delete u['client-key']; } else if (key) { u['client-key'] = path.resolve(ctx.cwd, key); delete u['client-key-data']; } else delete u['client-key'];
      }
      const setField = (field: string, v: string | undefined) => { if (v) u[field] = v; else delete u[field]; };
      if (ctx.set.has('token')) setField('token', f.token);
      if (ctx.set.has('username')) setField('username', f.username);
      if (ctx.set.has('password')) setField('password', f.password);
      if (ctx.set.has('auth-provider')) {
        const current = u['auth-provider'] as { name?: string } | undefined;
        if (!current || current.name !== f['auth-provider']) u['auth-provider'] = { name: f['auth-provider'] ?? '' };
      }
      const provider = u['auth-provider'] as { name?: string; config?: Record<string, string> } | undefined;
      if (provider) {
        const config = { ...(provider.config ?? {}) };
        for (const k of providerArgs?.remove ?? []) delete config[k];
        for (const [k, v] of providerArgs?.set ?? []) config[k] = v;
        u['auth-provider'] = { ...provider, config };
      }
      if (ctx.set.has('exec-command')) {
        const current = u.exec as Record<string, unknown> | undefined;
        u.exec = current ? { ...current, command: f['exec-command'] ?? '', args: null } : { command: f['exec-command'] ?? '' };
      }
      if (u.exec) {
        const exec: Record<string, unknown> = { ...(u.exec as Record<string, unknown>) };
        if (ctx.set.has('exec-api-version')) exec.apiVersion = f['exec-api-version'] || undefined;
        if (f['exec-arg'].length) exec.args = [...f['exec-arg']];
        if (ctx.set.has('exec-interactive-mode')) exec.interactiveMode = f['exec-interactive-mode'];
        if (ctx.set.has('exec-provide-cluster-info')) exec.provideClusterInfo = !!f['exec-provide-cluster-info'];
        if (execEnv) {
          let env = [...((exec.env as { name: string; value: string }[] | null | undefined) ?? [])];
          env = env.filter((e) => !execEnv!.remove.includes(e.name));
          for (const [k, v] of execEnv.set) {
            const i = env.findIndex((e) => e.name === k);
            if (i >= 0) env[i] = { name: k, value: v };
            else env.push({ name: k, value: v });
          }
          exec.env = env;
        }
        u.exec = exec;
      }
      // A token and basic auth exclude each other: setting one clears the other.
      const setToken = ctx.set.has('token') && !!f.token;
      const setBasic = (ctx.set.has('username') && !!f.username) || (ctx.set.has('password') && !!f.password);
      if (setToken && !setBasic) { delete u.username; delete u.password; }
      if (setBasic && !setToken) delete u.token;
      cfg.users.set(name, u as UserEntry);
    });
    ctx.io.out(`User "${name}" set.\n`);
    return 0;
  },
});

const setCluster = defineCommand({
  name: 'set-cluster', short: 'Set a cluster entry in kubeconfig',
  usage: 'kubectl config set-cluster NAME [--server=server] [--certificate-authority=path/to/certificate/authority] [--insecure-skip-tls-verify=true] [--tls-server-name=example.com] [options]',
  flags: [
    { name: 'server', type: 'string', help: 'server for the cluster entry in kubeconfig' },
    { name: 'certificate-authority', type: 'string', help: 'Path to certificate-authority file for the cluster entry in kubeconfig' },
    { name: 'embed-certs', type: 'bool', default: false, help: 'embed-certs for the cluster entry in kubeconfig' },
    { name: 'insecure-skip-tls-verify', type: 'bool', default: false, help: 'insecure-skip-tls-verify for the cluster entry in kubeconfig' },
    { name: 'tls-server-name', type: 'string', help: 'tls-server-name for the cluster entry in kubeconfig' },
    { name: 'proxy-url', type: 'string', help: 'proxy-url for the cluster entry in kubeconfig' },
  ],
  run(ctx) {
    const name = oneName(ctx, setCluster, 'Unexpected args');
    const f = ctx.flags;
    const ca = f['certificate-authority'];
    if (ca && f['insecure-skip-tls-verify']) throw new CliError('you cannot specify a certificate authority and insecure mode at the same time');
    const caData = ca && f['embed-certs'] ? readForEmbed(ctx, ca, 'certificate-authority') : undefined;
    saveEdit(loaded(ctx), (cfg) => {
      const c = { ...(cfg.clusters.get(name) ?? {}) };
      if (ctx.set.has('server')) c.server = f.server;
      if (ca) {
        if (caData) { c['certificate-authority-data'] = caData; delete c['certificate-authority']; } else { c['certificate-authority'] = path.resolve(ctx.cwd, ca); delete c['certificate-authority-data']; }
      }
      if (ctx.set.has('insecure-skip-tls-verify')) { if (f['insecure-skip-tls-verify']) c['insecure-skip-tls-verify'] = true; else delete c['insecure-skip-tls-verify']; }
      if (ctx.set.has('tls-server-name')) c['tls-server-name'] = f['tls-server-name'];
      if (ctx.set.has('proxy-url')) c['proxy-url'] = f['proxy-url'];
      cfg.clusters.set(name, c);
    });
    ctx.io.out(`Cluster "${name}" set.\n`);
    return 0;
  },
});

const SINGULAR: Record<Section, string> = { clusters: 'cluster', users: 'user', contexts: 'context' };

/** deleteEntry is delete-context/-user/-cluster: the entry leaves the file that defines it. */
const deleteEntry = (section: Section, short: string): Command => { const deleteCommand: Command = defineCommand({
  name: `delete-${SINGULAR[section]}`, short, usage: `kubectl config delete-${SINGULAR[section]} NAME [options]`, flags: [],
  run(ctx) {
    const what = SINGULAR[section];
    if (ctx.args.length !== 1) {
      // delete-user calls it a usage error; the other two print their help and succeed.
      if (section === 'users') throw new UsageError('user to delete is required', 'config delete-user');
      const { commandHelp } = require('../help') as typeof import('../help');
      const { kubectlHelpText } = require('../kubectl-help') as typeof import('../kubectl-help');
      ctx.io.out(commandHelp(deleteCommand, `kubectl config ${deleteCommand.name}`, kubectlHelpText(`config ${deleteCommand.name}`)));
      return 0;
    }
    const name = ctx.args[0]!;
    const l = loaded(ctx);
    const file = fileOf(l, section, name);
    if (!file) {
      if (l.merged[section].has(name)) throw new CliError(`cannot delete ${what} ${name}: it belongs to kubemu cluster "${section === 'users' ? name.replace(/-admin$/, '') : name}"; delete the cluster with 'kubemu cluster delete'`);
      throw new CliError(`cannot delete ${what} ${name}, not in ${l.destinationShown}`);
    }
    saveEdit(l, (cfg) => { cfg[section].delete(name); });
    if (section === 'contexts' && l.merged.currentContext === name) ctx.io.err('warning: this removed your active context, use "kubectl config use-context" to select a different one\n');
    ctx.io.out(`deleted ${what} ${name} from ${file}\n`);
    return 0;
  },
}); return deleteCommand; };

const renameContext = defineCommand({
  name: 'rename-context', short: 'Rename a context from the kubeconfig file', usage: 'kubectl config rename-context CONTEXT_NAME NEW_NAME [options]', flags: [],
  run(ctx) {
    if (ctx.args.length !== 2) helpErrorf(ctx, renameContext, `Unexpected args: ${goStrings(ctx.args)}`);
    const [from, to] = ctx.args as [string, string];
    const l = loaded(ctx);
    const file = fileOf(l, 'contexts', from);
    if (!file) throw new CliError(`cannot rename the context "${from}", it's not in ${l.destinationShown}`);
    if (l.merged.contexts.has(to)) throw new CliError(`cannot rename the context "${from}", the context "${to}" already exists in ${l.destination}`);
    saveEdit(l, (cfg) => {
      cfg.contexts.set(to, cfg.contexts.get(from)!);
      cfg.contexts.delete(from);
      if (cfg.currentContext === from) cfg.currentContext = to;
    });
    ctx.io.out(`Context "${from}" renamed to "${to}".\n`);
    return 0;
  },
});

/** configEditCommands are the editing subcommands, by name. */
export const configEditCommands: Record<string, Command> = {
  'set-context': setContext,
  'set-credentials': setCredentials,
  'set-cluster': setCluster,
  'delete-context': deleteEntry('contexts', 'Delete the specified context from the kubeconfig'),
  'delete-user': deleteEntry('users', 'Delete the specified user from the kubeconfig'),
  'delete-cluster': deleteEntry('clusters', 'Delete the specified cluster from the kubeconfig'),
  'rename-context': renameContext,
};
