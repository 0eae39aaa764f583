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
import type { Kubeconfig } from '../kubeconfig/kubeconfig';

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

/** oneName is the one NAME argument of set-cluster and set-credentials (else their help and error). */
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

const setCredentials = defineCommand({
  name: 'set-credentials', short: 'Set a user entry in kubeconfig',
  usage: 'kubectl config set-credentials NAME [--client-certificate=path/to/certfile] [--client-key=path/to/keyfile] [--token=bearer_token] [--username=basic_user] [--password=basic_password] [options]',
  flags: [
    { name: 'client-certificate', type: 'string', help: 'Path to client-certificate file for the user entry in kubeconfig' },
    { name: 'client-key', type: 'string', help: 'Path to client-key file for the user entry in kubeconfig' },
    { name: 'embed-certs', type: 'bool', default: false, help: 'Embed client cert/key for the user entry in kubeconfig' },
    { name: 'token', type: 'string', help: 'token for the user entry in kubeconfig' },
    { name: 'username', type: 'string', help: 'username for the user entry in kubeconfig' },
    { name: 'password', type: 'string', help: 'password for the user entry in kubeconfig' },
  ],
  run(ctx) {
    const name = oneName(ctx, setCredentials, 'unexpected args');
    const f = ctx.flags;
    const embed = !!f['embed-certs'];
    const cert = f['client-certificate'];
    const key = f['client-key'];
    const certData = cert && embed ? readForEmbed(ctx, cert, 'client-certificate') : undefined;
    const keyData = key && embed ? readForEmbed(ctx, key, 'client-key') : undefined;
    saveEdit(loaded(ctx), (cfg) => {
      const u = { ...(cfg.users.get(name) ?? {}) };
      if (cert) {
        if (embed) { u['client-certificate-data'] = certData; delete u['client-certificate']; } else { u['client-certificate'] = path.resolve(ctx.cwd, cert); delete u['client-certificate-data']; }
      }
      if (key) {
        if (embed) { u['client-key-data'] = keyData; delete u['client-key']; } else { u['client-key'] = path.resolve(ctx.cwd, key); delete u['client-key-data']; }
      }
      if (ctx.set.has('token')) { if (f.token) u.token = f.token; else delete u.token; }
      if (ctx.set.has('username')) u.username = f.username;
      if (ctx.set.has('password')) u.password = f.password;
      cfg.users.set(name, u);
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
      throw new CliError(`cannot delete ${what} ${name}, not in ${l.destination}`);
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
    if (!file) throw new CliError(`cannot rename the context "${from}", it's not in ${l.destination}`);
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
