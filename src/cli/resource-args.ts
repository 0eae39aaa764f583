/**
 * resource-args: turning `get`-style arguments into what to fetch — "pods", "pods,svc",
 * "deploy/web svc/web", "all", "pods a b" — with kubectl's errors for malformed forms.
 */
import { groupVersion, qualifiedResource, typeArgVersion, typeArgWord, type Registry, type ResourceInfo } from '../api/registry';
import { CliError } from './errors';

/** ARGS_WITH_FILES is cli-runtime's resource builder refusing TYPE NAME arguments beside -f or -k. */
export const ARGS_WITH_FILES = 'when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well';

/** ResourceRequest is one resource type and the names asked for (none: all of them). */
export interface ResourceRequest {
  info: ResourceInfo; names: string[]; viaCategory?: boolean;
  /** apiVersion is the version the argument named ("hpa.v1.autoscaling" → autoscaling/v1); undefined: the preferred one. */
  apiVersion?: string;
  /** namespace is where the names are (objects read from -f keep their own); undefined: the request's namespace. */
  namespace?: string;
}

/**
 * versionOf is the apiVersion a type argument asks for: the one it names, or the resource's own
 * when another resource's kind is stored alike (events.events.k8s.io beside the core events).
 */
function versionOf(arg: string, info: ResourceInfo, registry: Registry): string | undefined {
  const v = typeArgVersion(arg);
  // kubectl's shortcut expander drops the version when it expands a short name (hpa.v1.autoscaling
  // is read in the preferred version); a plural, singular or kind keeps it.
  const word = typeArgWord(arg).toLowerCase();
  if (v && (word === info.resource || word === info.singular || word === info.kind.toLowerCase())) return groupVersion(info.group, v);
  return registry.forStorageKind(info.storageKind) === info ? undefined : groupVersion(info.group, info.version);
}

export const ERR_SEPARATE_TYPE = "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'";
export const ERR_TOO_MANY_SLASHES = 'arguments in resource/name form may not have more than one slash';

/**
 * shortNameWarnings are kubectl's warnings for a type argument whose short name other,
 * lower-priority resources also have (the shortcut expander's, printed on stderr each time it
 * expands the word; they are not server warnings, so --warnings-as-errors leaves them alone).
 */
export function shortNameWarnings(registry: Registry, typeArg: string): string {
  const name = typeArgWord(typeArg);
  return registry.alsoMatchedBy(typeArg).map((other) => `Warning: short name "${name}" could also match lower priority resource ${qualifiedResource(other)}\n`).join('');
}

/**
 * parseResourceArgs resolves type and name arguments; `withKindPrefix` says if names print as
 * kind/name. `warn` gets the short-name warnings, once per distinct type word (kubectl's
 * resource builder maps each word once).
 */
export function parseResourceArgs(args: readonly string[], registry: Registry, warn?: (text: string) => void): { requests: ResourceRequest[]; withKindPrefix: boolean } {
  if (!args.length) return { requests: [], withKindPrefix: false };
  const mapped = new Set<string>();
  const resolve = (word: string) => {
    if (warn && !mapped.has(word)) {
      mapped.add(word);
      const text = shortNameWarnings(registry, word);
      if (text) warn(text);
    }
    return registry.resolve(word);
  };
  const slashed = args.filter((a) => a.includes('/'));
  if (slashed.length) {
    if (slashed.length !== args.length) throw new CliError(ERR_SEPARATE_TYPE);
    const requests: ResourceRequest[] = [];
    for (const a of args) {
      const parts = a.split('/');
      if (parts.length > 2) throw new CliError(ERR_TOO_MANY_SLASHES);
      const info = resolve(parts[0]!);
      const last = requests[requests.length - 1];
      const apiVersion = versionOf(parts[0]!, info, registry);
      if (last && last.info === info && last.apiVersion === apiVersion) last.names.push(parts[1]!);
      else requests.push({ info, names: [parts[1]!], apiVersion });
    }
    return { requests, withKindPrefix: true };
  }
  const [types, ...names] = args;
  const requests: ResourceRequest[] = [];
  let categories = false;
  for (const t of types!.split(',')) {
    if (!t) continue;
    if (t === 'all') {
      categories = true;
      for (const info of registry.category('all')) if (!requests.some((r) => r.info === info)) requests.push({ info, names: [...names], viaCategory: true });
      continue;
    }
    const info = resolve(t);
    if (!requests.some((r) => r.info === info)) requests.push({ info, names: [...names], apiVersion: versionOf(t, info, registry) });
  }
  return { requests, withKindPrefix: requests.length > 1 || categories };
}
