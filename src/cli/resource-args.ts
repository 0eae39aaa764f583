/**
 * resource-args: turning `get`-style arguments into what to fetch — "pods", "pods,svc",
 * "deploy/web svc/web", "all", "pods a b" — with kubectl's errors for malformed forms.
 */
import type { Registry, ResourceInfo } from '../api/registry';
import { CliError } from './errors';

/** ResourceRequest is one resource type and the names asked for (none: all of them). */
export interface ResourceRequest { info: ResourceInfo; names: string[]; viaCategory?: boolean }

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
      if (last && last.info === info) last.names.push(parts[1]!);
      else requests.push({ info, names: [parts[1]!] });
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
    if (!requests.some((r) => r.info === info)) requests.push({ info, names: [...names] });
  }
  return { requests, withKindPrefix: requests.length > 1 || categories };
}
