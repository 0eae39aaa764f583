/**
 * pdb: `kubectl create poddisruptionbudget|pdb NAME --selector=… (--min-available|--max-unavailable)`
 * (kubectl pkg/cmd/create/create_pdb.go).
 */
import type { LabelSelector, LabelSelectorRequirement } from '../../api/label-selector';
import { parseSelector } from '../../api/labels';
import type { KubeObject } from '../../api/meta';
import { GeneratorError } from './generator-error';
import { objectMeta } from './go-order';

/** PDB_NAME_REQUIRED is kubectl's text for an empty NAME. */
export const PDB_NAME_REQUIRED = 'name must be specified';
/** PDB_SELECTOR_REQUIRED is kubectl's text without --selector. */
export const PDB_SELECTOR_REQUIRED = 'a selector must be specified';
/** PDB_ONE_OF is kubectl's text with neither --min-available nor --max-unavailable. */
export const PDB_ONE_OF = 'one of min-available or max-unavailable must be specified';
/** PDB_NOT_BOTH is kubectl's text with both. */
export const PDB_NOT_BOTH = 'min-available and max-unavailable cannot be both specified';
/** PDB_INVALID_FORMAT is kubectl's text for a value that is not `N` or `N%`. */
export const PDB_INVALID_FORMAT = (flag: 'min-available' | 'max-unavailable'): string => `invalid format specified for ${flag}`;
/** SELECTOR_PARSE_FAILED is metav1.ParseToLabelSelector's wrapping of a parse error. */
export const SELECTOR_PARSE_FAILED = (selector: string, err: string): string => `couldn't parse the selector string "${selector}": ${err}`;
/** NOT_A_SELECTOR_OPERATOR is ParseToLabelSelector's text for operators a LabelSelector cannot hold. */
export const NOT_A_SELECTOR_OPERATOR = (op: string): string => `"${op}" is not a valid label selector operator`;

/** CreatePdbOptions mirrors `create poddisruptionbudget`'s flags. */
export interface CreatePdbOptions { selector?: string; minAvailable?: string; maxUnavailable?: string; namespace?: string }

/** parseToLabelSelector is metav1.ParseToLabelSelector: a selector string as a structured LabelSelector. */
export function parseToLabelSelector(selector: string): LabelSelector {
  let reqs;
  try {
    reqs = parseSelector(selector).requirements;
  } catch (e) {
    throw new GeneratorError(SELECTOR_PARSE_FAILED(selector, (e as Error).message));
  }
  const matchLabels: Record<string, string> = {};
  const matchExpressions: LabelSelectorRequirement[] = [];
  for (const r of reqs) {
    switch (r.operator) {
      case '=': case '==':
        if (r.values.length !== 1) throw new GeneratorError(`invalid equality requirement: ${r.key}`);
        matchLabels[r.key] = r.values[0]!;
        break;
      case 'in': matchExpressions.push({ key: r.key, operator: 'In', values: [...r.values] }); break;
      case 'notin': matchExpressions.push({ key: r.key, operator: 'NotIn', values: [...r.values] }); break;
      case 'exists': matchExpressions.push({ key: r.key, operator: 'Exists' }); break;
      case '!': matchExpressions.push({ key: r.key, operator: 'DoesNotExist' }); break;
      default: throw new GeneratorError(NOT_A_SELECTOR_OPERATOR(r.operator));
    }
  }
  const out: LabelSelector = {};
  if (Object.keys(matchLabels).length > 0) out.matchLabels = matchLabels;
  if (matchExpressions.length > 0) out.matchExpressions = matchExpressions;
  return out;
}

// intstr.Parse: an integer if it parses as one, else a string.
function intOrString(v: string): number | string {
  return /^\d+$/.test(v) && Number(v) <= 2147483647 ? Number(v) : v;
}

/** createPodDisruptionBudget builds the policy/v1 PodDisruptionBudget kubectl sends. */
export function createPodDisruptionBudget(name: string, o: CreatePdbOptions = {}): KubeObject {
  const min = o.minAvailable ?? '';
  const max = o.maxUnavailable ?? '';
  if (name === '') throw new GeneratorError(PDB_NAME_REQUIRED);
  if (!o.selector) throw new GeneratorError(PDB_SELECTOR_REQUIRED);
  if (min === '' && max === '') throw new GeneratorError(PDB_ONE_OF);
  if (min !== '' && max !== '') throw new GeneratorError(PDB_NOT_BOTH);
  if (min !== '' && !/^[0-9]+%?$/.test(min)) throw new GeneratorError(PDB_INVALID_FORMAT('min-available'));
  if (max !== '' && !/^[0-9]+%?$/.test(max)) throw new GeneratorError(PDB_INVALID_FORMAT('max-unavailable'));
  const selector = parseToLabelSelector(o.selector);
  const spec: Record<string, unknown> = {};
  if (min !== '') spec.minAvailable = intOrString(min);
  spec.selector = selector;
  if (max !== '') spec.maxUnavailable = intOrString(max);
  return {
    kind: 'PodDisruptionBudget', apiVersion: 'policy/v1', metadata: objectMeta({ name, namespace: o.namespace }), spec,
    status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
  };
}
