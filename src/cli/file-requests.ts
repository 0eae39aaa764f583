/**
 * file-requests: `get -f FILE` / `get -k DIR` — the objects a manifest names, turned into
 * what to fetch: each object by its kind, name and namespace (its own, or the request's),
 * consecutive objects of one kind and namespace in one table, as kubectl prints them.
 */
import type { Registry } from '../api/registry';
import type { CommandContext } from './command';
import { CliError } from './errors';
import { readKustomizeArg } from './kustomize-docs';
import { readFilenameArgs } from './manifests';
import { prepareDoc } from './object-writer';
import type { ResourceRequest } from './resource-args';

/** FileSource is -f (with -R) or -k. */
export interface FileSource { filenames: readonly string[]; kustomize: string; recursive: boolean }

/** requestsFromFiles reads -f/-k; the kind prefix shows when the manifest names more than one kind (kubectl's multipleGVKsRequested). */
export function requestsFromFiles(ctx: CommandContext, registry: Registry, source: FileSource): { requests: ResourceRequest[]; withKindPrefix: boolean } {
  const { docs, errors } = source.kustomize
    ? readKustomizeArg(ctx, source.kustomize, source.filenames, source.recursive)
    : readFilenameArgs(ctx, [...source.filenames], source.recursive, true);
  if (errors.length) throw new CliError(errors[0]!.message);
  const requests: ResourceRequest[] = [];
  for (const doc of docs) {
    const { info, object } = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, 'ignore');
    const namespace = info.namespaced ? object.metadata.namespace : undefined;
    const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : undefined;
    const last = requests[requests.length - 1];
    if (last && last.info === info && last.namespace === namespace && last.apiVersion === apiVersion) last.names.push(object.metadata.name!);
    else requests.push({ info, names: [object.metadata.name!], namespace, apiVersion });
  }
  const kinds = new Set(requests.map((r) => `${r.apiVersion} ${r.info.kind}`));
  return { requests, withKindPrefix: kinds.size > 1 };
}
