/**
 * patch-meta: strategicpatch's LookupPatchMetadata over the built-in types — for a field of a
 * struct, its patchMergeKey, its patchStrategy and the struct its values (or list items) are.
 * The table is generated from the v1.32 Go struct tags (strategic-merge-schema.json); the API
 * server's apply and the CLI's strategic-merge patch both walk objects through it.
 */
import { goStructId } from './go-struct-id';
import type SchemaData from './strategic-merge-schema.json';

/** PatchField is one field's [element struct, patchMergeKey, patchStrategy] ('' where absent). */
type PatchField = readonly [elem: string, mergeKey: string, strategy: string];
type Schema = Readonly<Record<string, Readonly<Record<string, PatchField>>>>;

// Loaded on first use, as the decode schema is: only apply and patch read it, and the bundle
// ships the file beside it rather than compiling it into every command's start-up.
let loaded: Schema | undefined;
function schema(): Schema {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= (require('./strategic-merge-schema.json') as typeof SchemaData).structs as unknown as Schema;
  return loaded;
}

/** PatchMeta is one field's strategic-merge metadata. */
export interface PatchMeta {
  /** struct is the Go struct of the field's value or list items, when it has patch-relevant fields. */
  readonly struct: string | undefined;
  /** mergeKey is the patchMergeKey of a list of objects merged item by item. */
  readonly mergeKey: string | undefined;
  /** merge: patchStrategy includes "merge" (a list merges rather than being replaced whole). */
  readonly merge: boolean;
  /** retainKeys: patchStrategy includes "retainKeys" (a patch lists the keys the field keeps). */
  readonly retainKeys: boolean;
  /** replace: patchStrategy is "replace" (a map is replaced whole, not merged). */
  readonly replace: boolean;
}

const NONE: PatchMeta = Object.freeze({ struct: undefined, mergeKey: undefined, merge: false, retainKeys: false, replace: false });

/** structMeta is the metadata of a value of struct itself (a root object, or a merged list's item): no list strategy. */
export function structMeta(struct: string | undefined): PatchMeta {
  return { ...NONE, struct };
}

/**
 * rootStructOf returns the Go struct an object of apiVersion/kind decodes into ("apps/v1",
 * "Deployment" → "apps/v1.Deployment"); undefined for a kind without patch metadata (custom resources).
 */
export function rootStructOf(apiVersion: unknown, kind: unknown): string | undefined {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const slash = apiVersion.indexOf('/');
  const id = goStructId(slash < 0 ? '' : apiVersion.slice(0, slash), apiVersion.slice(slash + 1), kind);
  return id in schema() ? id : undefined;
}

/** lookupPatchMeta returns field's metadata in struct (none for an unknown struct or an untagged field). */
export function lookupPatchMeta(struct: string | undefined, field: string): PatchMeta {
  if (struct === undefined) return NONE;
  // Kept per struct and field: the managedFields walks ask for every field of every object written.
  let fields = looked.get(struct);
  if (!fields) looked.set(struct, fields = new Map());
  let meta = fields.get(field);
  if (!meta) fields.set(field, meta = patchMetaOf(schema()[struct]?.[field]));
  return meta;
}

const looked = new Map<string, Map<string, PatchMeta>>();

function patchMetaOf(f: PatchField | undefined): PatchMeta {
  if (!f) return NONE;
  const [elem, mergeKey, strategy] = f;
  const strategies = strategy.split(',');
  return Object.freeze({
    struct: elem || undefined, mergeKey: mergeKey || undefined, merge: strategies.includes('merge'),
    retainKeys: strategies.includes('retainKeys'), replace: strategies.includes('replace'),
  });
}
