/**
 * field-types: every stored object of a built-in kind decodes into its Go type — the check the
 * API server's decoder makes on each write, run over what is stored, so a write that skipped it
 * (or a corrupted row) shows up as one violation per wrongly typed field.
 */
import { builtinRegistry, type ResourceInfo } from '../api/registry';
import { typeErrorsOf } from '../apiserver/decode';
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** FIELD_TYPES is the check's name. */
export const FIELD_TYPES = 'field-types';

/** fieldTypes decodes every object of a built-in kind and reports each type error the decoder finds. */
export const fieldTypes: InvariantCheck = {
  name: FIELD_TYPES,
  run(index) {
    const out: Violation[] = [];
    for (const o of index.objects) {
      const info = builtinInfo(o.apiVersion, o.kind);
      if (!info) continue;
      for (const message of typeErrorsOf(o as unknown as Record<string, unknown>, info)) {
        out.push({ check: FIELD_TYPES, object: refOf(o), message });
      }
    }
    return out;
  },
};

/** builtinInfo is the built-in resource of an apiVersion and kind; custom resources have none. */
function builtinInfo(apiVersion: unknown, kind: unknown): ResourceInfo | undefined {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  try {
    return builtinRegistry.forKind(apiVersion, kind);
  } catch {
    return undefined;
  }
}
