/**
 * info: the commands that describe the cluster itself — version, cluster-info, api-resources,
 * api-versions.
 */
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, UsageError } from '../errors';
import { clientVersionText, SERVER_VERSION, VERSION_INFO } from '../version';
import { renderTabbed } from '../../printers/table';
import { discoveryOrder, groupVersion, qualifiedResource } from '../../api/registry';
import { toYaml } from '../../yaml/write-yaml';
import { apiServerEndpoint } from '../../cluster/node-factory';
import { Chalk } from 'chalk';
import { dumpCommand } from './cluster-info-dump';
import { byteOrder } from '../../printers/columns/cells';

/** versionCommand is `kubectl version`. */
export const versionCommand = defineCommand({
  name: 'version',
  short: 'Print the client and server version information',
  usage: 'kubectl version [flags] [options]',
  flags: [
    { name: 'client', type: 'bool', default: false, help: 'If true, shows client version only (no server required).' },
    { name: 'output', short: 'o', type: 'string', help: "One of 'yaml' or 'json'." },
  ],
  run(ctx): number {
    // kubectl keeps the arguments only to check them against a server: --client ignores them.
    if (ctx.args.length && !ctx.flags.client) throw new CliError(`extra arguments: [${ctx.args.join(' ')}]`);
    const out = ctx.flags.output;
    if (out && out !== 'yaml' && out !== 'json') throw new CliError(`--output must be 'yaml' or 'json'`);
    const client = { ...VERSION_INFO };
    const data: Record<string, unknown> = { clientVersion: client, kustomizeVersion: 'v5.5.0' };
    if (!ctx.flags.client) data.serverVersion = { ...client, platform: 'linux/amd64' };
    // kubectl version marshals its own struct (JSON indented by two spaces) and Println's it: a newline more.
    if (out === 'json') { ctx.io.out(`${JSON.stringify(data, null, 2)}\n`); return 0; }
    if (out === 'yaml') { ctx.io.out(`${toYaml(data)}\n`); return 0; }
    ctx.io.out(clientVersionText());
    if (!ctx.flags.client) { ctx.cluster(); ctx.io.out(`Server Version: ${SERVER_VERSION}\n`); }
    return 0;
  },
});

/** clusterInfoCommand is `kubectl cluster-info`. */
export const clusterInfoCommand = defineCommand({
  name: 'cluster-info',
  short: 'Display cluster information',
  usage: 'kubectl cluster-info [flags] [options]',
  flags: [],
  subcommands: { dump: dumpCommand },
  run(ctx): number {
    ctx.cluster();
    const server = `https://${apiServerEndpoint()}`;
    // kubectl colours the names green and the URLs yellow, on a terminal only.
    const paint = new Chalk({ level: ctx.io.isTTY ? 1 : 0 });
    const g = (s: string) => paint.green(s);
    const y = (s: string) => paint.yellow(s);
    ctx.io.out(`${g('Kubernetes control plane')} is running at ${y(server)}\n`);
    ctx.io.out(`${g('CoreDNS')} is running at ${y(`${server}/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy`)}\n\n`);
    ctx.io.out("To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
    return 0;
  },
});

/** apiResourcesCommand is `kubectl api-resources`. */
export const apiResourcesCommand = defineCommand({
  name: 'api-resources',
  short: 'Print the supported API resources on the server',
  usage: 'kubectl api-resources [flags] [options]',
  flags: [
    { name: 'output', short: 'o', type: 'string', help: 'Output format. One of: (wide, name).' },
    { name: 'no-headers', type: 'bool', default: false, help: "When using the default or custom-column output format, don't print headers (default print headers)." },
    { name: 'namespaced', type: 'bool', default: true, help: 'If false, non-namespaced resources will be returned, otherwise returning namespaced resources by default.' },
    { name: 'api-group', type: 'string', help: 'Limit to resources in the specified API group.' },
    { name: 'verbs', type: 'stringSlice', default: [], help: 'Limit to resources that support the specified verbs.' },
    { name: 'categories', type: 'stringSlice', default: [], help: 'Limit to resources that belong to the specified categories.' },
    { name: 'sort-by', type: 'string', help: "If non-empty, sort list of resources using specified field. The field can be either 'name' or 'kind'." },
    { name: 'cached', type: 'bool', default: false, help: 'Use the cached list of resources if available.' },
  ],
  run(ctx): number {
    if (ctx.args.length) throw new UsageError(`unexpected arguments: [${ctx.args.join(' ')}]`, 'api-resources');
    const out = ctx.flags.output;
    if (out && out !== 'wide' && out !== 'name') throw new CliError(`--output ${out} is not available`);
    const sortBy = ctx.flags['sort-by'];
    if (sortBy && sortBy !== 'name' && sortBy !== 'kind') throw new CliError('--sort-by accepts only name or kind');
    const cluster = ctx.cluster();
    let rows = [...cluster.api.registry().resources];
    if (ctx.set.has('namespaced')) rows = rows.filter((r) => r.namespaced === ctx.flags.namespaced);
    if (ctx.set.has('api-group')) rows = rows.filter((r) => r.group === ctx.flags['api-group']);
    for (const v of ctx.flags.verbs) rows = rows.filter((r) => r.verbs.includes(v));
    for (const c of ctx.flags.categories) rows = rows.filter((r) => r.categories.includes(c));
    // Discovery order: by group name (core first), then resource name.
    rows.sort(discoveryOrder);
    // kubectl's sort.Stable compares bytes (CSIDriver before CertificateSigningRequest), ties by name.
    if (sortBy === 'name') rows.sort((a, b) => byteOrder(a.resource, b.resource));
    if (sortBy === 'kind') rows.sort((a, b) => byteOrder(a.kind, b.kind) || byteOrder(a.resource, b.resource));
    if (out === 'name') { ctx.io.out(rows.map((r) => `${qualifiedResource(r)}\n`).join('')); return 0; }
    const table = rows.map((r) => {
      const cells = [r.resource, r.shortNames.join(','), groupVersion(r.group, r.version), String(r.namespaced), r.kind];
      if (out === 'wide') cells.push(r.verbs.join(','), r.categories.join(','));
      return cells;
    });
    const header = ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(out === 'wide' ? ['VERBS', 'CATEGORIES'] : [])];
    ctx.io.out(renderTabbed(ctx.flags['no-headers'] ? table : [header, ...table]));
    return 0;
  },
});

/** apiVersionsCommand is `kubectl api-versions`: every served group/version, CRD groups included. */
export const apiVersionsCommand = defineCommand({
  name: 'api-versions',
  short: 'Print the supported API versions on the server, in the form of "group/version"',
  usage: 'kubectl api-versions [options]',
  flags: [],
  run(ctx): number {
    if (ctx.args.length) throw new UsageError(`unexpected arguments: [${ctx.args.join(' ')}]`, 'api-versions');
    const seen = new Set<string>();
    for (const r of ctx.cluster().api.registry().resources) {
      for (const v of r.servedVersions) seen.add(groupVersion(r.group, v));
    }
    // kubectl sorts the strings bytewise, so the core "v1" comes last.
    const lines = [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    ctx.io.out(lines.map((l) => `${l}\n`).join(''));
    return 0;
  },
});
