/**
 * get: kubectl get — tables per type (or -o formats), names, selectors, all namespaces,
 * with kubectl's messages for empty results and missing objects.
 */
import { klogLine } from '../../api/klog-line';
import type { KubeObject } from '../../api/meta';
import { isNotFound, type ApiError } from '../../apiserver/errors';
import { NamespaceColumnTracker, newRowGroup, renderGetTable, rowGroupOf, tableRowMaker, writeGetTableRows, type GetTableGroup, type GetTableOptions, type GetTableRowGroup } from '../../printers/get-table';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, SilentExit, StandardMessageError, formatApiError } from '../errors';
import { ARGS_WITH_FILES, parseResourceArgs, type ResourceRequest } from '../resource-args';
import { outputOf, SHOW_MANAGED_FIELDS_FLAG, TEMPLATE_FLAGS } from '../print-flags';
import type { FlagDef } from '../flags';
import { defineFlags } from '../flag-table';
import { watchTable } from './get-watch';
import { parseSelector } from '../../api/labels';
import { COMPONENT_STATUS_DEPRECATED } from '../../apiserver/component-statuses';
import { corruptGetError, corruptListErrors } from '../corrupt-objects';
import { printServerWarnings } from '../server-warnings';

// What only some flags need — the -o printers (YAML, JSONPath, custom columns, go-template),
// --sort-by and --raw (discovery, the Metrics API) — is required on use: a plain table never
// compiles it.
const output = () => require('../output') as typeof import('../output');
const sorting = () => require('../../printers/sort-by') as typeof import('../../printers/sort-by');
const getRaw = () => require('./get-raw') as typeof import('./get-raw');
const fileRequests = () => require('../file-requests') as typeof import('../file-requests');


export const NO_RESOURCE_TYPE = `You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.

error: Required resource not specified.
Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).
See 'kubectl get -h' for help and examples`;

/** noResourcesMessage is the stderr line for an empty result. */
export function noResourcesMessage(namespace: string | undefined): string {
  return namespace ? `No resources found in ${namespace} namespace.` : 'No resources found';
}

export const GET_FLAGS = defineFlags([
  { name: 'output', short: 'o', type: 'string', help: 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file, custom-columns, custom-columns-file, wide).' },
  { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on, supports \'=\', \'==\', \'!=\', \'in\', \'notin\'.(e.g. -l key1=value1,key2=value2,key3 in (value3)).' },
  { name: 'field-selector', type: 'string', help: "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2)." },
  { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If present, list the requested object(s) across all namespaces.' },
  { name: 'show-labels', type: 'bool', default: false, help: 'When printing, show all labels as the last column (default hide labels column)' },
  { name: 'label-columns', short: 'L', type: 'stringSlice', default: [], help: 'Accepts a comma separated list of labels that are going to be presented as columns.' },
  { name: 'no-headers', type: 'bool', default: false, help: 'When using the default or custom-column output format, don\'t print headers (default print headers).' },
  { name: 'sort-by', type: 'string', help: 'If non-empty, sort list types using this field specification.' },
  { name: 'subresource', type: 'string', default: '', help: 'If specified, gets the subresource of the requested object. This flag is beta and may change in the future.' },
  { name: 'ignore-not-found', type: 'bool', default: false, help: 'If the requested object does not exist the command will return exit code 0.' },
  SHOW_MANAGED_FIELDS_FLAG,
  { name: 'show-kind', type: 'bool', default: false, help: 'If present, list the resource type for the requested object(s).' },
  { name: 'watch', short: 'w', type: 'bool', default: false, help: 'After listing/getting the requested object, watch for changes.' },
  { name: 'watch-only', type: 'bool', default: false, help: 'Watch for changes to the requested object(s), without listing/getting first.' },
  { name: 'output-watch-events', type: 'bool', default: false, help: 'Output watch event objects when --watch or --watch-only is used.' },
  { name: 'chunk-size', type: 'int', default: 500, help: 'Return large lists in chunks rather than all at once.' },
  { name: 'server-print', type: 'bool', default: true, help: 'If true, have the server return the appropriate table output. Supports extension APIs and CRDs.' },
  { name: 'raw', type: 'string', help: 'Raw URI to request from the server.  Uses the transport specified by the kubeconfig file.' },
  { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'Filename, directory, or URL to files identifying the resource to get from a server.' },
  { name: 'kustomize', short: 'k', type: 'string', default: '', help: "Process the kustomization directory. This flag can't be used together with -f or -R." },
  { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.' },
  ...TEMPLATE_FLAGS,
]);

/** getCommand is `kubectl get`. */
export const getCommand = defineCommand({
  name: 'get',
  short: 'Display one or many resources',
  usage: 'kubectl get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]',
  flags: GET_FLAGS,
  run(ctx): number {
    if (ctx.set.has('raw')) return getRaw().rawGet(ctx);
    const fromFiles = ctx.flags.filename.length > 0 || !!ctx.flags.kustomize;
    if (fromFiles && ctx.args.length) throw new CliError(ARGS_WITH_FILES);
    // kubectl writes the first line itself, then returns the usage error: no "error: " before it.
    if (!ctx.args.length && !fromFiles) throw new StandardMessageError(NO_RESOURCE_TYPE);
    const spec = outputOf(ctx.flags, ctx.set, true) ?? { kind: 'table' as const };
    const showLabels = !!ctx.flags['show-labels'];
    if (showLabels && spec.kind !== 'table' && spec.kind !== 'wide') throw new CliError(`--show-labels option cannot be used with ${spec.kind} printer`);
    if (ctx.flags['output-watch-events'] && !ctx.flags.watch && !ctx.flags['watch-only']) throw new CliError('--output-watch-events option can only be used with --watch or --watch-only');
    const selector = ctx.flags.selector;
    const allNs = !!ctx.flags['all-namespaces'];
    const cluster = ctx.cluster();
    cluster.catchUp();
    const registry = cluster.api.registry();
    const { requests, withKindPrefix: manyRequested } = fromFiles ? fileRequests().requestsFromFiles(ctx, registry, { filenames: ctx.flags.filename, kustomize: ctx.flags.kustomize, recursive: !!ctx.flags.recursive }) : parseResourceArgs(ctx.args, registry, (text) => ctx.io.err(text));
    // kubectl prints kind/name when what it got back is of more than one kind: each listed type
    // counts (its table, even empty), a named one only when one of its objects was found.
    const withKindPrefix = manyRequested && cluster.read(() => kindsReturned(cluster, requests, allNs ? undefined : ctx.namespace) > 1);
    if (selector && requests.some((r) => r.names.length)) throw new CliError('name cannot be provided when a selector is specified');
    // kube-apiserver answers every componentstatuses request with its deprecation warning.
    if (requests.some((r) => r.info.kind === 'ComponentStatus' && r.info.group === '')) printServerWarnings(ctx.io)(COMPONENT_STATUS_DEPRECATED);
    const errors: string[] = [];
    const groups: GetTableGroup[] = [];
    const sortBy = ctx.flags['sort-by'];
    const watching = !!(ctx.flags.watch || ctx.flags['watch-only']);
    const tableOpts: GetTableOptions = {
      now: cluster.clock.now(), wide: spec.kind === 'wide', allNamespaces: allNs, withKindPrefix: withKindPrefix || !!ctx.flags['show-kind'],
      showLabels, labelColumns: ctx.flags['label-columns'] ?? [], noHeaders: !!ctx.flags['no-headers'],
      clientPrint: !ctx.flags['server-print'],
    };
    // A plain table is streamed: each object becomes its row as it is read, so `get pods -A`
    // on a big cluster never holds every pod decoded at once.
    if (ctx.flags.subresource) return (require('./get-subresource') as typeof import('./get-subresource')).getSubresource(ctx, cluster, ctx.flags.subresource, requests, spec, tableOpts);
    const tableLike = spec.kind === 'table' || spec.kind === 'wide';
    const streamed: GetTableRowGroup[] | undefined = tableLike && !sortBy && !watching ? [] : undefined;
    let named = false;
    let found = 0;
    // The server's answers kubectl gets: one Table per list, one per named object found.
    let answers = 0;
    const tables = new NamespaceColumnTracker(tableOpts);
    cluster.read(() => {
      // Tables are printed from the preferred version (the server's table convertor reads the
      // internal object); -o formats show the objects in the version the argument named.
      // Tables, names, and JSON or YAML without --show-managed-fields never print managedFields;
      // a sort key or a custom resource's printer column may still read them.
      const printsManagedFields = !(tableLike || spec.kind === 'name' || ((spec.kind === 'json' || spec.kind === 'yaml') && !ctx.flags['show-managed-fields']));
      for (const r of requests) {
        const ns = r.info.namespaced ? (allNs ? undefined : r.namespace ?? ctx.namespace) : undefined;
        const apiVersion = tableLike ? undefined : r.apiVersion;
        let objects: KubeObject[];
        if (r.names.length) {
          named = true;
          objects = [];
          for (const name of r.names) {
            const ref = { kind: r.info.storageKind, namespace: ns ?? (r.info.namespaced ? r.namespace ?? ctx.namespace : undefined), name };
            let obj: KubeObject | undefined;
            try {
              obj = cluster.api.tryGet(ref, apiVersion);
            } catch (e) {
              const corrupt = corruptGetError(cluster, ref.kind, ref.namespace, name);
              if (!corrupt) throw e;
              errors.push(corrupt);
              continue;
            }
            if (obj) objects.push(obj);
            else if (!ctx.flags['ignore-not-found']) {
              try { cluster.api.get({ kind: r.info.storageKind, namespace: r.namespace ?? ctx.namespace, name }); } catch (e) {
                if (isNotFound(e)) errors.push(formatApiError(e as ApiError)); else throw e;
              }
            }
          }
        } else {
          const withoutManagedFields = !printsManagedFields && !sortBy?.includes('managedFields') && !r.info.printerColumns?.some((c) => c.jsonPath.includes('managedFields'));
          const query = { kind: r.info.storageKind, namespace: ns, labelSelector: selector, fieldSelector: ctx.flags['field-selector'], apiVersion, askedAs: r.apiVersion, withoutManagedFields };
          if (streamed) {
            const opts = tables.optionsFor();
            const group = newRowGroup(r.info, opts);
            const rowOf = tableRowMaker(r.info, opts);
            let rows = 0;
            cluster.api.each(query, (o) => { group.rows.add(rowOf(o)); rows++; });
            if (rows) tables.printed(r.info);
            found += rows;
            streamed.push(group);
            errors.push(...corruptListErrors(cluster, r.info.storageKind, ns));
            continue;
          }
          objects = cluster.api.list(query);
        }
        answers += r.names.length ? objects.length : 1;
        if (!r.names.length) errors.push(...corruptListErrors(cluster, r.info.storageKind, ns));
        if (streamed) {
          streamed.push(rowGroupOf(r.info, objects, tables.optionsFor()));
          if (objects.length) tables.printed(r.info);
        }
        else groups.push({ info: r.info, objects });
        found += objects.length;
      }
    });
    const { now } = tableOpts;
    let all: KubeObject[];
    try {
      // With more than one Table from the server, kubectl's RuntimeSorter sorts the Tables
      // themselves (they are unstructured, not *metav1.Table): a field no Table has is its error.
      if (sortBy && tableLike && answers > 1) {
        const table = { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: String(cluster.read(() => cluster.api.revision())) } };
        sorting().sortObjects([table, table], sortBy);
      }
      // A table sorts each Table's rows; other output sorts every object as one list (printGeneric's List).
      if (sortBy && tableLike) {
        for (const g of groups) {
          try {
            g.objects = sorting().sortObjects(g.objects, sortBy, { table: true });
          } catch (e) {
            if (!(e instanceof sorting().FieldNotFoundError)) throw e;
            // A lone Table none of whose rows has the field prints nothing, as if nothing were
            // found, and kubectl exits 0 (kubernetes/kubectl#1343).
            found -= g.objects.length;
            g.objects = [];
          }
        }
      }
      all = sortBy && !tableLike ? sorting().sortObjects(groups.flatMap((g) => g.objects), sortBy) : groups.flatMap((g) => g.objects);
    } catch (e) {
      if (!(e instanceof sorting().UnsortableError)) throw e;
      // kubectl's Less ends the process through klog.Exitf.
      ctx.io.err(`${klogLine('F', cluster.clock.nowMs(), process.pid, e.source, e.message)}\n`);
      return 1;
    }
    if (watching) {
      if (requests.length !== 1) throw new CliError('you may only specify a single resource type');
      const r = requests[0]!;
      const label = selector ? parseSelector(selector) : undefined;
      const matches = (o: KubeObject) => (!r.names.length || r.names.includes(o.metadata.name!)) && (!label || label.matches(o.metadata.labels ?? {}));
      return watchTable(ctx, cluster, r.info, all, matches, r.info.namespaced && !allNs ? ctx.namespace : undefined, {
        now, wide: spec.kind === 'wide', allNamespaces: allNs, withKindPrefix, showLabels,
        labelColumns: ctx.flags['label-columns'] ?? [], noHeaders: !!ctx.flags['no-headers'],
      }, !!ctx.flags['watch-only'], !!ctx.flags['output-watch-events']);
    }
    if (streamed) {
      writeGetTableRows(streamed, tableOpts, (text) => ctx.io.out(text));
    } else if (spec.kind === 'table' || spec.kind === 'wide') {
      const nonEmpty = groups.filter((g) => g.objects.length);
      if (nonEmpty.length) ctx.io.out(renderGetTable(nonEmpty, tableOpts));
    } else if (all.length || !named) {
      ctx.io.out(output().printObjects(all, spec, named && all.length === 1 && requests.length === 1 && requests[0]!.names.length === 1, registry, !!ctx.flags['no-headers'], !!ctx.flags['show-managed-fields']));
    }
    for (const e of errors) ctx.io.err(`${e}\n`);
    if (!found && !errors.length && !named && (spec.kind === 'table' || spec.kind === 'wide') && !ctx.flags['ignore-not-found']) {
      // kubectl names the namespace only when every type asked for is namespaced.
      const clusterScoped = requests.some((r) => !r.info.namespaced);
      ctx.io.err(`${noResourcesMessage(allNs || clusterScoped ? undefined : ctx.namespace)}\n`);
    }
    if (errors.length) throw new SilentExit(1);
    return 0;
  },
});

/** kindsReturned counts the kinds (and versions) a get's requests bring back: every list, and each named type with an object found. */
function kindsReturned(cluster: ReturnType<CommandContext['cluster']>, requests: readonly ResourceRequest[], namespace: string | undefined): number {
  const kinds = new Set<string>();
  for (const r of requests) {
    const key = `${r.info.group}/${r.info.kind}/${r.apiVersion ?? ''}`;
    if (kinds.has(key)) continue;
    const found = !r.names.length || r.names.some((name) => cluster.api.tryGet({ kind: r.info.storageKind, namespace: r.info.namespaced ? r.namespace ?? namespace : undefined, name }) !== undefined);
    if (found) kinds.add(key);
  }
  return kinds.size;
}
