/**
 * resource-args: turning `get`-style arguments into what to fetch — "pods", "pods,svc",
 * "deploy/web svc/web", "all", "pods a b" — with kubectl's errors for malformed forms.
 */
import { groupVersion, typeArgVersion, type Registry, type ResourceInfo } from '../api/registry';
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

/** versionOf is the apiVersion a type argument asks for, when it names one. */
function versionOf(arg: string, info: ResourceInfo): string | undefined {
  const v = typeArgVersion(arg);
  return v ? groupVersion(info.group, v) : undefined;
}

export const ERR_SEPARATE_TYPE = "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'";
export const ERR_TOO_MANY_SLASHES = 'arguments in resource/name form may not have more than one slash';

/** parseResourceArgs resolves type and name arguments; `withKindPrefix` says if names print as kind/name. */
export function parseResourceArgs(args: readonly string[], registry: Registry): { requests: ResourceRequest[]; withKindPrefix: boolean } {
  if (!args.length) return { requests: [], withKindPrefix: false };
  const slashed = args.filter((a) => a.includes('/'));
  if (slashed.length) {
    if (slashed.length !== args.length) throw new CliError(ERR_SEPARATE_TYPE);
    const requests: ResourceRequest[] = [];
    for (const a of args) {
      const parts = a.split('/');
      if (parts.length > 2) throw new CliError(ERR_TOO_MANY_SLASHES);
      const info = registry.resolve(parts[0]!);
      const last = requests[requests.length - 1];
      const apiVersion = versionOf(parts[0]!, info);
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
    const info = registry.resolve(t);
    if (!requests.some((r) => r.info === info)) requests.push({ info, names: [...names], apiVersion: versionOf(t, info) });
  }
  return { requests, withKindPrefix: requests.length > 1 || categories };
}
