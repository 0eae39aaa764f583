/**
 * config: kubectl config over kubeconfig files (cli/kubeconfig/) — the files `--kubeconfig`,
 * `KUBECONFIG` or $KUBEMU_HOME/kubeconfig name, merged with the entries each kubemu cluster
 * contributes (a cluster and a context named after it, its admin user NAME-admin). The
 * reading subcommands are here, the editing ones in config-edit.ts.
 */
import * as fs from 'node:fs';
import { defineCommand } from '../command';
import { CliError, UsageError } from '../errors';
import { renderTabbed } from '../../printers/table';
import type { KubeObject } from '../../api/meta';
import { builtinRegistry } from '../../api/registry';
import { printTypedObject } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import * as path from 'node:path';
import { CLUSTER_PATH_FIELDS, USER_PATH_FIELDS, relativize, toV1, type ClusterEntry, type Kubeconfig, type UserEntry } from '../kubeconfig/kubeconfig';
import { fileOf, type LoadedKubeconfig } from '../kubeconfig/loading-rules';
import { configEditCommands, goStrings, helpErrorf, loaded, saveEdit } from './config-edit';
import { runParent } from './parent-command';
import { configSetCommand, configUnsetCommand } from './config-set';

/** DATA_OMITTED and REDACTED are what kubectl config view shows for byte data and secrets unless --raw. */
export const DATA_OMITTED = 'DATA+OMITTED';
export const REDACTED = 'REDACTED';

const currentContext = defineCommand({
  name: 'current-context', short: 'Display the current-context', usage: 'kubectl config current-context [options]', flags: [],
  run(ctx) {
    const cur = loaded(ctx).merged.currentContext;
    if (!cur) throw new CliError('current-context is not set');
    ctx.io.out(`${cur}\n`);
    return 0;
  },
});

const getContexts = defineCommand({
  name: 'get-contexts', short: 'Describe one or many contexts', usage: 'kubectl config get-contexts [(-o|--output=)name)] [options]',
  flags: [
    { name: 'output', short: 'o', type: 'string', help: 'Output format. One of: (name).' },
    { name: 'no-headers', type: 'bool', default: false, help: "When using the default or custom-column output format, don't print headers (default print headers)." },
  ],
  run(ctx) {
    const cfg = loaded(ctx).merged;
    if (ctx.flags.output && ctx.flags.output !== 'name') throw new CliError(`output must be one of '' or 'name': ${ctx.flags.output}`);
    const names = ctx.args.length ? ctx.args.filter((n) => cfg.contexts.has(n)) : [...cfg.contexts.keys()].sort();
    const missing = ctx.args.filter((n) => !cfg.contexts.has(n));
    if (ctx.flags.output === 'name') ctx.io.out(names.map((n) => `${n}\n`).join(''));
    else {
      const rows = names.map((n) => {
        const c = cfg.contexts.get(n)!;
        return [n === cfg.currentContext ? '*' : '', n, c.cluster ?? '', c.user ?? '', c.namespace ?? ''];
      });
      ctx.io.out(renderTabbed(ctx.flags['no-headers'] ? rows : [['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE'], ...rows]));
    }
    if (missing.length) throw new CliError(missing.map((n) => `context ${n} not found`).join('\n'));
    return 0;
  },
});

const nameList = (name: 'get-clusters' | 'get-users', short: string, section: 'clusters' | 'users') => defineCommand({
  name, short, usage: `kubectl config ${name} [options]`, flags: [],
  run(ctx) {
    const names = [...loaded(ctx).merged[section].keys()].sort();
    ctx.io.out(['NAME', ...names].map((n) => `${n}\n`).join(''));
    return 0;
  },
});

const useContext = defineCommand({
  name: 'use-context', aliases: ['use'], short: 'Set the current-context in a kubeconfig file', usage: 'kubectl config use-context CONTEXT_NAME [options]', flags: [],
  run(ctx) {
    if (ctx.args.length !== 1) helpErrorf(ctx, useContext, `Unexpected args: ${goStrings(ctx.args)}`);
    const name = ctx.args[0]!;
    const l = loaded(ctx);
    if (!l.merged.contexts.has(name)) throw new CliError(`no context exists with the name: "${name}"`);
    saveEdit(l, (cfg) => { cfg.currentContext = name; });
    ctx.io.out(`Switched to context "${name}".\n`);
    return 0;
  },
});

const base64 = (b: Buffer | string): string => Buffer.from(b).toString('base64');

/** shorten is clientcmd's ShortenConfig plus its secret redaction: byte data as DATA+OMITTED, tokens and passwords REDACTED. */
function shorten(cfg: Kubeconfig): void {
  for (const c of cfg.clusters.values()) if (c['certificate-authority-data']) c['certificate-authority-data'] = DATA_OMITTED;
  for (const u of cfg.users.values()) {
    for (const k of ['client-certificate-data', 'client-key-data'] as const) if (u[k]) u[k] = DATA_OMITTED;
    for (const k of ['token', 'password'] as const) if (u[k]) u[k] = REDACTED;
  }
}

/** flatten is clientcmd's FlattenConfig: file references become embedded data. */
function flatten(cfg: Kubeconfig): void {
  const inline = (e: Record<string, unknown>, from: string, to: string) => {
    const p = e[from];
    if (typeof p !== 'string' || !p) return;
    e[to] = base64(fs.readFileSync(p));
    delete e[from];
  };
  for (const c of cfg.clusters.values()) inline(c, 'certificate-authority', 'certificate-authority-data');
  for (const u of cfg.users.values()) { inline(u, 'client-certificate', 'client-certificate-data'); inline(u, 'client-key', 'client-key-data'); }
}

/** minify keeps only the current context and what it names (clientcmd's MinifyConfig). */
function minify(cfg: Kubeconfig, contextOverride?: string): void {
  const cur = contextOverride || cfg.currentContext;
  if (!cur) throw new CliError('current-context must exist in order to minify');
  const c = cfg.contexts.get(cur);
  if (!c) throw new CliError(`cannot locate context ${cur}`);
  const keep = <T>(m: Map<string, T>, name: string) => { for (const k of [...m.keys()]) if (k !== name) m.delete(k); };
  keep(cfg.contexts, cur);
  keep(cfg.clusters, c.cluster);
  keep(cfg.users, c.user);
  cfg.currentContext = cur;
}

const copy = (cfg: Kubeconfig): Kubeconfig => ({
  clusters: new Map([...cfg.clusters].map(([k, v]) => [k, { ...v }])),
  users: new Map([...cfg.users].map(([k, v]) => [k, { ...v }])),
  contexts: new Map([...cfg.contexts].map(([k, v]) => [k, { ...v }])),
  currentContext: cfg.currentContext,
  preferences: cfg.preferences,
});

/** asWritten is the merged config with each entry's paths as its file holds them (relative to the file's folder). */
function asWritten(l: LoadedKubeconfig, merged: Kubeconfig): Kubeconfig {
  const cfg = copy(merged);
  const rel = (section: 'clusters' | 'users', fields: readonly string[]) => {
    for (const [name, entry] of cfg[section] as Map<string, ClusterEntry | UserEntry>) {
      const file = fileOf(l, section, name);
      if (file) (cfg[section] as Map<string, unknown>).set(name, relativize(entry, fields, path.dirname(file)));
    }
  };
  rel('clusters', CLUSTER_PATH_FIELDS);
  rel('users', USER_PATH_FIELDS);
  return cfg;
}

const view = defineCommand({
  name: 'view', short: 'Display merged kubeconfig settings or a specified kubeconfig file', usage: 'kubectl config view [flags] [options]',
  flags: [
    { name: 'minify', type: 'bool', default: false, help: 'Remove all information not used by current-context from the output' },
    { name: 'raw', type: 'bool', default: false, help: 'Display raw byte data and sensitive data' },
    { name: 'flatten', type: 'bool', default: false, help: 'Flatten the resulting kubeconfig file into self-contained output (useful for creating portable kubeconfig files)' },
    { name: 'merge', type: 'bool', default: true, help: 'Merge the full hierarchy of kubeconfig files' },
    { ...PRINT_FLAGS[0], default: 'yaml' },
    ...PRINT_FLAGS.slice(1),
  ],
  run(ctx) {
    if (ctx.args.length) throw new UsageError(`unexpected arguments: [${ctx.args.join(' ')}]`, 'config view');
    const out = outputOf(ctx.flags, ctx.set)!;
    // An explicit --kubeconfig is not merged unless --merge says so; unmerged needs such a file.
    const merge = ctx.flags.kubeconfig && !ctx.set.has('merge') ? false : ctx.flags.merge;
    if (!merge && !ctx.flags.kubeconfig) throw new CliError('if merge==false a precise file must be specified');
    const l = loaded(ctx);
    const merged = copy(l.merged);
    if (ctx.flags.minify) minify(merged, ctx.flags.context);
    if (ctx.flags.flatten) flatten(merged);
    const cfg = asWritten(l, merged);
    if (!ctx.flags.flatten && !ctx.flags.raw) shorten(cfg);
    const v1 = toV1(cfg);
    ctx.io.out(printTypedObject(v1 as unknown as KubeObject, out, builtinRegistry, false));
    return 0;
  },
});

/** configCommand is `kubectl config`. */
export const configCommand = defineCommand({
  name: 'config',
  short: 'Modify kubeconfig files',
  usage: 'kubectl config SUBCOMMAND [options]',
  flags: [],
  subcommands: {
    'current-context': currentContext, 'get-contexts': getContexts, 'get-clusters': nameList('get-clusters', 'Display clusters defined in the kubeconfig', 'clusters'),
    'get-users': nameList('get-users', 'Display users defined in the kubeconfig', 'users'), 'use-context': useContext, use: useContext, view,
    ...configEditCommands, set: configSetCommand, unset: configUnsetCommand,
  },
  run(ctx): number { return runParent(ctx, configCommand, 'config'); },
});

