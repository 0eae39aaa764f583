/**
 * schema-validation: kubectl's client-side check of each manifest document, made as it reads
 * the document (k8s.io/kubectl pkg/validation: paramVerifyingSchema over schemaValidation).
 * - Every document needs a string apiVersion that parses as a group/version and a string kind
 *   ("apiVersion not set", "kind isn't string type", …); an object is needed at all.
 * - A kind the API server serves is left to its own field validation (--validate strict or
 *   warn becomes the request's fieldValidation).
 * - Any other (a v1 List, a typed list such as PodList, an unknown kind): with --validate=strict
 *   it is checked here against the OpenAPI v2 schemas (kube-openapi's proto/validation: unknown
 *   fields, missing required fields, wrong types, nulls where a value must be), a v1 List item
 *   by item; a kind without a schema is not checked. With warn, klog says it cannot be checked.
 * A failed check ends the reading of its file there, as kubectl's stream visitor stops.
 * The schemas are kubemu's OpenAPI v3 components read as the /openapi/v2 document `kubemu
 * serve` publishes them (serve/openapi-v2-proto.ts's toV2): a ref, `allOf` of one ref, or
 * `oneOf` read as a string; an object with properties a kind, without them a map.
 */
import type { GVK, OpenAPIDocument, Schema } from '../api/openapi/document';
import { openAPIDocument } from '../api/openapi/documents';
import { NoKindMatchError, type Registry } from '../api/registry';
import { klogLine } from '../api/klog-line';
import type { CommandContext } from './command';
import { aggregateText } from './errors';
import type { Validate } from './object-writer';

/** SchemaSource is what the check reads from the cluster, asked for only when a document needs it. */
export interface SchemaSource {
  /** served says whether the API server serves the kind (its own validation applies). */
  served(apiVersion: string, kind: string): boolean;
  openapi(): OpenAPIDocument;
  /** warn prints one klog warning line (its source, its text). */
  warn(source: string, text: string): void;
}

/** DocumentCheck returns kubectl's refusal of one document from a file, or undefined. */
export type DocumentCheck = (doc: unknown, file: string) => string | undefined;

const SCHEMA_PREFIX = '#/components/schemas/';

/** validationError is kubectl's text for a refused document. */
export function validationError(file: string, errors: readonly string[]): string {
  return `error validating "${file}": error validating data: ${aggregateText(errors)}; if you choose to ignore these errors, turn validation off with --validate=false`;
}

/** newDocumentCheck is the check for one command's --validate (none for ignore). */
export function newDocumentCheck(mode: Validate, source: SchemaSource): DocumentCheck | undefined {
  if (mode === 'ignore') return undefined;
  let models: Models | undefined;
  return (doc, file) => {
    const gvk = objectKind(doc);
    if (!('kind' in gvk)) return validationError(file, gvk.errors);
    if (source.served(gvk.apiVersion, gvk.kind)) return undefined;
    if (mode === 'warn') {
      source.warn('schema.go:145', 'cannot perform warn validation if server-side field validation is unsupported, skipping validation');
      return undefined;
    }
    models ??= new Models(source.openapi());
    const errors = gvk.group === '' && gvk.version === 'v1' && gvk.kind === 'List' ? models.validateList(doc as Record<string, unknown>) : models.validateResource(doc, gvk);
    return errors.length ? validationError(file, errors) : undefined;
  };
}

type ObjectKind = (GVK & { apiVersion: string }) | { errors: string[] };

/** objectKind is getObjectKind: the document's group, version and kind, or why it has none. */
function objectKind(obj: unknown): ObjectKind {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return { errors: ['invalid object to validate'] };
  const fields = obj as Record<string, unknown>;
  const errors: string[] = [];
  let group = '';
  let version = '';
  const apiVersion = fields.apiVersion;
  if (apiVersion === undefined || apiVersion === null) errors.push('apiVersion not set');
  else if (typeof apiVersion !== 'string') errors.push("apiVersion isn't string type");
  else {
    // schema.ParseGroupVersion: "", "v", "g/v"; more slashes are refused.
    const parts = apiVersion === '/' ? ['', ''] : apiVersion.split('/');
    if (parts.length > 2) errors.push(`unexpected GroupVersion string: ${apiVersion}`);
    else [group, version] = parts.length === 2 ? [parts[0]!, parts[1]!] : ['', parts[0]!];
  }
  const kind = fields.kind;
  if (kind === undefined || kind === null) errors.push('kind not set');
  else if (typeof kind !== 'string') errors.push("kind isn't string type");
  return errors.length ? { errors } : { group, version, kind: kind as string, apiVersion: apiVersion as string };
}

/** Models is kube-openapi's proto model of the schemas, and ValidateModel over it. */
class Models {
  private readonly byGvk = new Map<string, string>();

  constructor(private readonly doc: OpenAPIDocument) {
    for (const [name, s] of Object.entries(doc.components.schemas)) {
      for (const g of s['x-kubernetes-group-version-kind'] ?? []) {
        const key = `${g.group}/${g.version}/${g.kind}`;
        if (!this.byGvk.has(key)) this.byGvk.set(key, name);
      }
    }
  }

  /** validateList is validateList: each item's kind, then the item against its schema. */
  validateList(list: Record<string, unknown>): string[] {
    if (!Array.isArray(list.items)) return ['invalid object to validate'];
    const errors: string[] = [];
    for (const item of list.items) {
      const gvk = objectKind(item);
      if ('kind' in gvk) errors.push(...this.validateResource(item, gvk));
      else errors.push(...gvk.errors);
    }
    return errors;
  }

  /** validateResource is ValidateModel under the kind's name; a kind without a schema passes. */
  validateResource(obj: unknown, gvk: GVK): string[] {
    const name = this.byGvk.get(`${gvk.group}/${gvk.version}/${gvk.kind}`);
    if (!name) return [];
    const errors: string[] = [];
    this.accept(this.doc.components.schemas[name]!, name, obj, gvk.kind, errors);
    return errors;
  }

  /**
   * accept visits value (at itemPath in the document) with schema (at schemaPath among the
   * definitions), appending kube-openapi's errors in its order: fields by sorted name, a kind's
   * missing required fields after its fields.
   */
  private accept(schema: Schema, schemaPath: string, value: unknown, itemPath: string, errors: string[]): void {
    const ref = schema.$ref ?? (schema.allOf?.length === 1 ? schema.allOf[0]!.$ref : undefined);
    if (ref) {
      const name = ref.startsWith(SCHEMA_PREFIX) ? ref.slice(SCHEMA_PREFIX.length) : ref;
      const target = this.doc.components.schemas[name];
      if (target) this.accept(target, name, value, itemPath, errors);
      return;
    }
    const type = schema.type ?? (schema.oneOf?.length ? 'string' : undefined);
    const shape = type === 'array' ? 'array'
      : type === undefined || type === 'object' ? (schema.properties ? 'kind' : type === 'object' ? 'map' : 'arbitrary')
        : 'primitive';
    if (shape === 'arbitrary') return;
    const at = (err: string) => errors.push(`ValidationError(${itemPath}): ${err}`);
    const invalid = (got: string, expected: string) => at(`invalid type for ${schemaPath}: got "${got}", expected "${expected}"`);
    const got = itemKind(value);
    if (got === 'map') {
      const map = value as Record<string, unknown>;
      if (shape === 'primitive') invalid('map', type!);
      else if (shape === 'array') invalid('map', 'array');
      else if (shape === 'map') {
        const sub = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
        for (const key of Object.keys(map).sort()) {
          if (map[key] === null) { errors.push(`unknown object type "nil" in ${itemPath}.${key}`); continue; }
          if (sub) this.accept(sub, schemaPath, map[key], `${itemPath}.${key}`, errors);
        }
      } else {
        const fields = schema.properties!;
        for (const key of Object.keys(map).sort()) {
          if (map[key] === null) continue;
          if (!Object.hasOwn(fields, key)) at(`unknown field "${key}" in ${schemaPath}`);
          else this.accept(fields[key]!, `${schemaPath}.${key}`, map[key], `${itemPath}.${key}`, errors);
        }
        for (const r of schema.required ?? []) if (map[r] === undefined || map[r] === null) at(`missing required field "${r}" in ${schemaPath}`);
      }
    } else if (got === 'array') {
      if (shape === 'primitive') invalid('array', type!);
      else if (shape !== 'array') invalid('array', 'map');
      else {
        (value as unknown[]).forEach((v, i) => {
          if (v === null) at(`unknown object type "nil" in ${itemPath}[${i}]`);
          else if (schema.items) this.accept(schema.items, schemaPath, v, `${itemPath}[${i}]`, errors);
        });
      }
    } else if (shape === 'array') invalid(got, 'array');
    else if (shape !== 'primitive') invalid(got, 'map');
    else if (!primitiveFits(type!, got)) invalid(got, type!);
  }
}

/** itemKind names a JSON value as kube-openapi's items do (an integral number is an integer, as apimachinery's JSON reads it). */
function itemKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object' && v !== null) return 'map';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e21 ? 'integer' : 'number';
  return 'string';
}

/** primitiveFits is VisitPrimitive's leniency: a string takes any primitive, numbers take either kind of number. */
function primitiveFits(type: string, got: string): boolean {
  if (type === 'string') return true;
  if (type === 'integer' || type === 'number') return got === 'integer' || got === 'number';
  return type === got;
}

/** documentCheckFor is a command's check, reading the command's cluster only when a document needs it. */
export function documentCheckFor(ctx: CommandContext, mode: Validate): DocumentCheck | undefined {
  let registry: Registry | undefined;
  return newDocumentCheck(mode, {
    served(apiVersion, kind) {
      const cluster = ctx.cluster();
      registry ??= cluster.read(() => cluster.api.registry());
      try {
        registry.forKind(apiVersion, kind);
        return true;
      } catch (e) {
        if (e instanceof NoKindMatchError) return false;
        throw e;
      }
    },
    openapi() {
      const cluster = ctx.cluster();
      return openAPIDocument(cluster.read(() => cluster.api.list({ kind: 'CustomResourceDefinition' })));
    },
    warn: (source, text) => ctx.io.err(`${klogLine('W', ctx.cluster().clock.nowMs(), process.pid, source, text)}\n`),
  });
}
