/**
 * explain: kubectl explain TYPE[.FIELD…] — a kind's or field's documentation from the API
 * server's OpenAPI v3 document, in kubectl's plaintext layout (printers/explain/plaintext.ts).
 * The TYPE is matched as kubectl's REST mapper does (plural, singular or short name; a group
 * suffix "deployments.apps" picks the group), --api-version picks another served version.
 * Mirrors kubernetes/kubectl pkg/cmd/explain/explain.go and pkg/explain/explain.go.
 * -o plaintext-openapiv2 prints the pre-1.27 layout (printers/explain/plaintext-openapiv2.ts).
 */
import { parseApiVersion, UnknownResourceTypeError, type Registry, type ResourceInfo } from '../../api/registry';
import { shortNameWarnings } from '../resource-args';
import { openAPIDocument } from '../../api/openapi/documents';
import { renderPlaintext } from '../../printers/explain/plaintext';
import { renderPlaintextOpenAPIV2 } from '../../printers/explain/plaintext-openapiv2';
import { schemaForKind, type GVK, type OpenAPIDocument } from '../../api/openapi/document';
import { defineCommand, type CommandContext } from '../command';
import { CliError, StandardMessageError } from '../errors';

export const ERR_NO_TYPE = 'You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.';
export const ERR_ONE_TYPE = 'We accept only this format: explain RESOURCE';
const ERR_FIELD_NODES = 'invalid jsonpath syntax, first node must be field node';

/**
 * resourcesFor lists the resources a name can mean, in discovery order (kubectl's ResourcesFor
 * after short-name expansion, which warns when a short name is ambiguous). kubectl prints the
 * mapper's "doesn't have a resource type" without its usual "error: " prefix here.
 */
function resourcesFor(ctx: CommandContext, registry: Registry, name: string): ResourceInfo[] {
  const n = name.toLowerCase();
  const hits = registry.resources.filter((r) => r.resource === n || r.singular === n || r.shortNames.includes(name));
  if (!hits.length) throw new StandardMessageError(new UnknownResourceTypeError(name).message);
  ctx.io.err(shortNameWarnings(registry, name));
  return hits;
}

/** fieldNames splits a dotted path into field names, refusing what is not a plain field (kubectl parses it as JSONPath). */
function fieldNames(dotted: string): string[] {
  const parts = dotted.replace(/\.$/, '').split('.');
  if (parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) throw new CliError(ERR_FIELD_NODES);
  return parts;
}

/** target resolves TYPE[.FIELD…] as kubectl's SplitAndParseResourceRequestWithMatchingPrefix does. */
function target(ctx: CommandContext, registry: Registry, arg: string, explicitVersion: boolean): { info: ResourceInfo; path: string[] } {
  arg = arg.replace(/\.$/, '');
  const [first = '', ...rest] = fieldNames(arg);
  const infos = resourcesFor(ctx, registry, first);
  if (!explicitVersion) {
    for (const info of infos) {
      const gr = info.group ? `${info.resource}.${info.group}` : info.resource;
      if (arg.startsWith(gr)) return { info, path: arg.length > gr.length ? fieldNames(arg.slice(gr.length + 1)) : [] };
    }
  }
  return { info: infos[0]!, path: rest };
}

/** explainCommand is `kubectl explain`. */
/** explainV2 prints -o plaintext-openapiv2: the kind's schema in kubectl's pre-1.27 layout (printers/explain/plaintext-openapiv2.ts). */
function explainV2(ctx: CommandContext, doc: OpenAPIDocument, gvk: GVK, path: string[], recursive: boolean): number {
  const schema = schemaForKind(doc, gvk);
  if (!schema) throw new CliError(`couldn't find resource for "${gvk.group ? `${gvk.group}/` : ''}${gvk.version}, Kind=${gvk.kind}"`);
  const explained = renderPlaintextOpenAPIV2(doc, schema, gvk, path, recursive);
  if (explained.error) throw new CliError(explained.error);
  ctx.io.out(explained.text);
  return 0;
}

export const explainCommand = defineCommand({
  name: 'explain',
  short: 'Get documentation for a resource',
  usage: 'kubectl explain TYPE [--recursive=FALSE|TRUE] [--api-version=api-version-group] [-o|--output=plaintext|plaintext-openapiv2] [options]',
  flags: [
    { name: 'recursive', type: 'bool', default: false, help: 'When true, print the name of all the fields recursively. Otherwise, print the available fields with their description.' },
    { name: 'api-version', type: 'string', default: '', help: 'Use given api-version (group/version) of the resource.' },
    { name: 'output', short: 'o', type: 'string', default: 'plaintext', help: 'Format in which to render the schema. Valid values are: (plaintext, plaintext-openapiv2).' },
  ],
  run(ctx): number {
    if (!ctx.args.length) throw new CliError(ERR_NO_TYPE);
    if (ctx.args.length > 1) throw new CliError(ERR_ONE_TYPE);
    const cluster = ctx.cluster();
    const registry = cluster.api.registry();
    const apiVersion = ctx.flags['api-version'];
    const { info, path } = target(ctx, registry, ctx.args[0]!, apiVersion !== '');
    let { group, version } = info;
    if (apiVersion) {
      if (apiVersion.split('/').length > 2) throw new CliError(`unexpected GroupVersion string: ${apiVersion}`);
      ({ group, version } = parseApiVersion(apiVersion));
    }
    const format = ctx.flags.output;
    if (format !== 'plaintext' && format !== 'plaintext-openapiv2') throw new CliError(`unrecognized format: ${format}`);
    const served = registry.resources.filter((r) => r.group === group && r.servedVersions.includes(version));
    if (!served.length) throw new CliError(`couldn't find resource for "${group}/${version}, Resource=${info.resource}"`);
    if (!served.some((r) => r.resource === info.resource)) throw new CliError(`GVR (${group}/${version}, Resource=${info.resource}) not found in OpenAPI schema`);
    const crds = cluster.api.list({ kind: 'CustomResourceDefinition' }).filter((c) => c.spec?.group === group);
    const doc = openAPIDocument(crds);
    if (format === 'plaintext-openapiv2') return explainV2(ctx, doc, { group, version, kind: info.kind }, path, ctx.flags.recursive);
    const explained = renderPlaintext(doc, { group, version, kind: info.kind }, path, ctx.flags.recursive);
    ctx.io.out(explained.text);
    // kubectl's template has written the header by the time it finds the path leads nowhere.
    if (explained.error) throw new CliError(explained.error.replace(/^error: /, ''));
    return 0;
  },
});
