/**
 * config: kubectl config's everyday subcommands, over kubemu's clusters — each cluster is a
 * context (cluster and user named after it), `use-context` switches clusters and
 * `set-context --namespace` sets a cluster's default namespace.
 */
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import { checkClusterName, clusterExists, contextNamespace, currentCluster, listClusters, setContextNamespace, setCurrentCluster } from '../../cluster/home';
import { renderTabbed } from '../../printers/table';
import { toYaml } from '../../yaml/write-yaml';
import { toJson } from '../../yaml/write-json';
import { ROOT_CA_PEM } from '../../api/root-ca';
import { nodeIP } from '../../cluster/node-factory';

const userOf = (cluster: string) => `${cluster}-admin`;

/** current is the context in force: --context/--cluster, else the selected one. */
function current(ctx: CommandContext): string {
  return ctx.clusterName || currentCluster(ctx.home);
}

const currentContext = defineCommand({
  name: 'current-context', short: 'Display the current-context', usage: 'kubectl config current-context [options]', flags: [],
  run(ctx) {
    ctx.io.out(`${current(ctx)}\n`);
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
    const names = ctx.args.length ? ctx.args : listClusters(ctx.home);
    for (const n of ctx.args) if (!clusterExists(ctx.home, n)) throw new CliError(`context ${n} not found`);
    if (ctx.flags.output === 'name') { ctx.io.out(names.map((n) => `${n}\n`).join('')); return 0; }
    if (ctx.flags.output) throw new CliError(`output must be one of '' or 'name': ${ctx.flags.output}`);
    const cur = current(ctx);
    const rows = names.map((n) => [n === cur ? '*' : '', n, n, userOf(n), contextNamespace(ctx.home, n) ?? '']);
    ctx.io.out(renderTabbed(ctx.flags['no-headers'] ? rows : [['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE'], ...rows]));
    return 0;
  },
});

const useContext = defineCommand({
  name: 'use-context', aliases: ['use'], short: 'Set the current-context in a kubeconfig file', usage: 'kubectl config use-context CONTEXT_NAME [options]', flags: [],
  run(ctx) {
    if (ctx.args.length !== 1) throw new CliError('Unexpected args: ' + JSON.stringify(ctx.args));
    const name = checkClusterName(ctx.args[0]!);
    if (!clusterExists(ctx.home, name)) throw new CliError(`no context exists with the name: "${name}"`);
    setCurrentCluster(ctx.home, name);
    ctx.io.out(`Switched to context "${name}".\n`);
    return 0;
  },
});

const setContext = defineCommand({
  name: 'set-context', short: 'Set a context entry in kubeconfig', usage: 'kubectl config set-context [NAME | --current] [--namespace=namespace] [options]',
  flags: [{ name: 'current', type: 'bool', default: false, help: 'Modify the current context' }],
  run(ctx) {
    const name = ctx.flags.current ? current(ctx) : ctx.args[0];
    if (!name) throw new CliError('you must specify a non-empty context name or --current');
    if (!clusterExists(ctx.home, name)) throw new CliError(`cannot create a context for "${name}": create the cluster with 'kubemu cluster create ${name}'`);
    if (ctx.set.has('namespace')) setContextNamespace(ctx.home, name, ctx.flags.namespace as string);
    ctx.io.out(`Context "${name}" modified.\n`);
    return 0;
  },
});

/** DATA_OMITTED is what kubectl config view shows for certificate and key data unless --raw or --flatten. */
export const DATA_OMITTED = 'DATA+OMITTED';

/** CLIENT_CERT_PEM / CLIENT_KEY_PEM are the emulated admin credentials: PEM-shaped placeholders, not usable keys. */
export const CLIENT_CERT_PEM = `-----BEGIN CERTIFICATE-----
a3ViZW11IGVtdWxhdGVkIGt1YmVybmV0ZXMtYWRtaW4gY2xpZW50IGNlcnRpZmljYXRlIC0gbm90IHJlYWw=
-----END CERTIFICATE-----
`;
export const CLIENT_KEY_PEM = `-----BEGIN RSA PRIVATE KEY-----
a3ViZW11IGVtdWxhdGVkIGt1YmVybmV0ZXMtYWRtaW4gY2xpZW50IGtleSAtIG5vdCBhIHJlYWwga2V5
-----END RSA PRIVATE KEY-----
`;

const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

const view = defineCommand({
  name: 'view', short: 'Display merged kubeconfig settings or a specified kubeconfig file', usage: 'kubectl config view [flags] [options]',
  flags: [
    { name: 'minify', type: 'bool', default: false, help: 'Remove all information not used by current-context from the output' },
    { name: 'raw', type: 'bool', default: false, help: 'Display raw byte data and sensitive data' },
    { name: 'flatten', type: 'bool', default: false, help: 'Flatten the resulting kubeconfig file into self-contained output (useful for creating portable kubeconfig files)' },
    { name: 'output', short: 'o', type: 'string', default: 'yaml', help: 'Output format. One of: (json, yaml).' },
  ],
  run(ctx) {
    const out = ctx.flags.output;
    if (out !== 'yaml' && out !== 'json') throw new CliError(`unable to match a printer suitable for the output format "${out}", allowed formats are: json,yaml`);
    const cur = current(ctx);
    const names = ctx.flags.minify ? [cur] : listClusters(ctx.home);
    const server = `https://${nodeIP(0)}:6443`;
    // kubectl shortens byte data to DATA+OMITTED unless asked for --raw; --flatten prints it too
    // (it inlines file references as data, and kubemu's are data already).
    const full = !!ctx.flags.raw || !!ctx.flags.flatten;
    const data = (pem: string) => (full ? base64(pem) : DATA_OMITTED);
    // v1.Config's field order (what -o json keeps); -o yaml sorts the keys.
    const cfg = {
      kind: 'Config',
      apiVersion: 'v1',
      preferences: {},
      clusters: names.map((n) => ({ name: n, cluster: { server, 'certificate-authority-data': data(ROOT_CA_PEM) } })),
      users: names.map((n) => ({ name: userOf(n), user: { 'client-certificate-data': data(CLIENT_CERT_PEM), 'client-key-data': data(CLIENT_KEY_PEM) } })),
      contexts: names.map((n) => ({ name: n, context: { cluster: n, user: userOf(n), ...(contextNamespace(ctx.home, n) ? { namespace: contextNamespace(ctx.home, n) } : {}) } })),
      'current-context': cur,
    };
    ctx.io.out(out === 'json' ? toJson(cfg, { sortKeys: false }) : toYaml(cfg));
    return 0;
  },
});

/** configCommand is `kubectl config`. */
export const configCommand = defineCommand({
  name: 'config',
  short: 'Modify kubeconfig files (kubemu: clusters are contexts)',
  usage: 'kubectl config SUBCOMMAND [options]',
  flags: [],
  subcommands: { 'current-context': currentContext, 'get-contexts': getContexts, 'use-context': useContext, use: useContext, 'set-context': setContext, view },
  run() { throw new CliError('specify a subcommand: current-context, get-contexts, use-context, set-context or view'); },
});
