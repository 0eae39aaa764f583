/**
 * quota: `kubectl create quota NAME [--hard=k=v,…] [--scopes=…]` (kubectl pkg/cmd/create/create_quota.go).
 * Quantities are parsed and printed canonically (`1024Mi` → `1Gi`, `0.5` → `500m`).
 */
import type { KubeObject } from '../../api/meta';
import { formatQuantity, parseQuantity, QuantityError } from '../../api/quantity';
import { GeneratorError } from './generator-error';
import { objectMeta } from './go-order';
import { sortedMap } from './go-json';

/** INVALID_HARD_SYNTAX is kubectl's text for a --hard item that is not `resource=value`. */
export const INVALID_HARD_SYNTAX = (item: string): string => `Invalid argument syntax ${item}, expected <resource>=<value>`;
/** INVALID_SCOPE is kubectl's text for an empty --scopes item. */
export const INVALID_SCOPE = 'invalid resource quota scope ""';

/** CreateQuotaOptions mirrors `create quota`'s flags. */
export interface CreateQuotaOptions { hard?: string; scopes?: string; namespace?: string }

/** parseHard is kubectl's populateResourceListV1: `k=v,…` to a sorted ResourceList; undefined for "". */
export function parseHard(spec: string): Record<string, string> | undefined {
  if (spec === '') return undefined;
  const out: Record<string, string> = {};
  for (const item of spec.split(',')) {
    const parts = item.split('=');
    if (parts.length !== 2) throw new GeneratorError(INVALID_HARD_SYNTAX(item));
    try {
      out[parts[0]!] = formatQuantity(parseQuantity(parts[1]!));
    } catch (e) {
      if (e instanceof QuantityError) throw new GeneratorError(e.message);
      throw e;
    }
  }
  return sortedMap(out);
}

/** parseScopes is kubectl's parseScopes: not checked against the known scopes (the API server does that). */
export function parseScopes(spec: string): string[] | undefined {
  if (spec === '') return undefined;
  const scopes = spec.split(',');
  if (scopes.includes('')) throw new GeneratorError(INVALID_SCOPE);
  return scopes;
}

/** createQuota builds the ResourceQuota kubectl sends. */
export function createQuota(name: string, o: CreateQuotaOptions = {}): KubeObject {
  const hard = parseHard(o.hard ?? '');
  const scopes = parseScopes(o.scopes ?? '');
  const spec: Record<string, unknown> = {};
  if (hard) spec.hard = hard;
  if (scopes) spec.scopes = scopes;
  return { kind: 'ResourceQuota', apiVersion: 'v1', metadata: objectMeta({ name, namespace: o.namespace }), spec, status: {} };
}
