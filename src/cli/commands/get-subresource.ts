/**
 * get-subresource: `kubectl get TYPE NAME --subresource=status|scale` — each named object read
 * through its subresource: status is the object itself, scale its autoscaling/v1 Scale, printed
 * with the Scale printer (NAME, DESIRED, AVAILABLE, AGE) or through -o. A resource without the
 * subresource is the server's 404 for the path.
 */
import type { KubeObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { scaleOf } from '../../api/scale-of';
import { ApiError } from '../../apiserver/errors';
import type { Cluster } from '../../cluster/cluster';
import type { CommandContext } from '../command';
import { CliError, SilentExit, formatApiError } from '../errors';
import type { OutputSpec } from '../output-spec';
import type { ResourceRequest } from '../resource-args';
import { renderGetTable, type GetTableGroup, type GetTableOptions } from '../../printers/get-table';
import { RESOURCE_NOT_FOUND } from '../../apiserver/errors';

/** getSubresource prints the named objects' subresource and returns the exit code. */
export function getSubresource(ctx: CommandContext, cluster: Cluster, subresource: string, requests: readonly ResourceRequest[], spec: OutputSpec, tableOpts: GetTableOptions): number {
  if (requests.some((r) => !r.names.length)) throw new CliError('subresource cannot be used when bulk resources are specified');
  const { servesSubresource } = require('../serve/discovery') as typeof import('../serve/discovery');
  const groups: GetTableGroup[] = [];
  const errors: string[] = [];
  const all: KubeObject[] = [];
  cluster.read(() => {
    for (const r of requests) {
      const serves = servesSubresource(r.info, subresource);
      const info: ResourceInfo = subresource === 'scale' ? { ...r.info, kind: 'Scale', printerColumns: undefined } : r.info;
      const objects: KubeObject[] = [];
      for (const name of r.names) {
        if (!serves) { errors.push(`Error from server (NotFound): ${RESOURCE_NOT_FOUND}`); continue; }
        try {
          const obj = cluster.api.get({ kind: r.info.storageKind, namespace: r.info.namespaced ? r.namespace ?? ctx.namespace : undefined, name });
          objects.push(subresource === 'scale' ? scaleOf(obj) : obj);
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          errors.push(formatApiError(e));
        }
      }
      groups.push({ info, objects });
      all.push(...objects);
    }
  });
  // Only what came back decides the kind prefix: here every object was named.
  const printed = groups.filter((g) => g.objects.length);
  const opts = { ...tableOpts, withKindPrefix: !!ctx.flags['show-kind'] || new Set(printed.map((g) => `${g.info.group}/${g.info.kind}`)).size > 1 };
  if (spec.kind === 'table' || spec.kind === 'wide') ctx.io.out(renderGetTable(printed, opts));
  else if (all.length) {
    const { printObjects } = require('../output') as typeof import('../output');
    ctx.io.out(printObjects(all, spec, all.length === 1 && requests.length === 1 && requests[0]!.names.length === 1, cluster.api.registry(), !!ctx.flags['no-headers'], !!ctx.flags['show-managed-fields']));
  }
  for (const e of errors) ctx.io.err(`${e}\n`);
  if (errors.length) throw new SilentExit(1);
  return 0;
}
