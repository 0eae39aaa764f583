/**
 * object-writer: what apply, create and replace share — turning one manifest document
 * into an API write with kubectl's client-side checks (apiVersion/kind set, REST mapping,
 * namespace agreement) and its error texts ("error when creating \"x.yaml\": …").
 */
import type { KubeObject } from '../api/meta';
import { objectFromFields } from '../api/object-fields';
import { copyJson } from '../api/copy-json';
import { isPlainObject } from './patch/merge-patch';
import { NoKindMatchError, type Registry, type ResourceInfo } from '../api/registry';
import { ApiError } from '../apiserver/errors';
import type { FieldValidation } from '../apiserver/client';
import { aggregateText, formatApiError, CliError, type CollectedError } from './errors';
import type { SourcedDoc } from './manifests';
import { jsonKind } from '../api/json-kind';

/** Validate is kubectl's --validate value. */
export type Validate = 'strict' | 'warn' | 'ignore';

/** parseValidate maps --validate (true/false/strict/warn/ignore) to a mode. */
export function parseValidate(v: string | undefined): Validate {
  switch ((v ?? 'strict').toLowerCase()) {
    case 'true': case 'strict': return 'strict';
    case 'warn': return 'warn';
    case 'false': case 'ignore': return 'ignore';
    default: throw new CliError(`invalid - validate option "${v}"; must be one of: strict (or true), warn, ignore (or false)`);
  }
}

/** fieldValidationOf maps --validate to the server's fieldValidation. */
export function fieldValidationOf(v: Validate): FieldValidation {
  return v === 'strict' ? 'Strict' : v === 'warn' ? 'Warn' : 'Ignore';
}

/** PreparedDoc is a document ready for the API: its resource and the object with namespace settled. */
export interface PreparedDoc { info: ResourceInfo; object: KubeObject; source: string }

/**
 * prepareDoc runs kubectl's client-side steps for one document. Throws CliError with kubectl's
 * text for problems found before any request is sent.
 */
export function prepareDoc(doc: SourcedDoc, registry: Registry, namespace: string, namespaceExplicit: boolean, validate: Validate): PreparedDoc {
  const obj = objectFromFields(doc.object);
  const missing: string[] = [];
  if (!obj.apiVersion) missing.push('apiVersion not set');
  else if (typeof obj.apiVersion !== 'string') missing.push("apiVersion isn't string type");
  if (!obj.kind) missing.push('kind not set');
  else if (typeof obj.kind !== 'string') missing.push("kind isn't string type");
  if (missing.length) {
    if (validate !== 'ignore') {
      throw new CliError(`error validating "${doc.source}": error validating data: ${aggregateText(missing)}; if you choose to ignore these errors, turn validation off with --validate=false`);
    }
    throw new CliError(`unable to decode "${doc.source}": Object 'Kind' is missing in '${JSON.stringify(obj)}'`);
  }
  const metadataError = metadataDecodeError(obj);
  if (metadataError) throw new CliError(`unable to decode "${doc.source}": ${metadataError}`);
  const name = obj.metadata?.name ?? '';
  const objNs = obj.metadata?.namespace ?? '';
  let info: ResourceInfo;
  try {
    info = registry.forKind(String(obj.apiVersion), String(obj.kind));
  } catch (e) {
    if (e instanceof NoKindMatchError) {
      throw new CliError(`resource mapping not found for name: "${name}" namespace: "${objNs}" from "${doc.source}": ${e.message}\nensure CRDs are installed first`);
    }
    throw e;
  }
  // Only the top level and metadata are set here, so only they are copied: the API copies what
  // it is sent, the commands copy before they change an object, and a batch run again (the
  // store was busy) prepares its documents again from the parsed ones.
  const metadata: unknown = obj.metadata;
  const object: KubeObject = { ...obj, metadata: isPlainObject(metadata) ? { ...metadata } : copyJson(metadata) ?? {} };
  if (info.namespaced) {
    if (objNs && namespaceExplicit && objNs !== namespace) {
      throw new CliError(`the namespace from the provided object "${objNs}" does not match the namespace "${namespace}". You must pass '--namespace=${objNs}' to perform this operation.`);
    }
    object.metadata.namespace = objNs || namespace;
  }
  // Duplicate keys were collapsed (last wins) when kubectl turned the YAML into JSON; the server never sees them.
  return { info, object, source: doc.source };
}

/**
 * metadataDecodeError is the builder's check that a document's metadata decodes as ObjectMeta
 * (cli-runtime's metadataValidatingDecoder: a metadataOnlyObject, encoding/json's rules, unknown
 * keys ignored), so a label that is no string is refused before anything is sent. Any kind's
 * struct stands for metadataOnlyObject, given only the metadata: both hold ObjectMeta as
 * `metadata`, and the errors name ObjectMeta and the field's path from there.
 */
function metadataDecodeError(obj: KubeObject): string | undefined {
  const metadata: unknown = obj.metadata;
  if (metadata === undefined || metadata === null || plainMetadata(metadata)) return undefined;
  // The decoder comes with the API server's write path: a write loads it anyway, a read (get -f) only for unusual metadata.
  const { decodeTyped, unmarshalTypeError } = require('../apiserver/write-path') as typeof import('../apiserver/write-path');
  if (!isPlainObject(metadata)) return unmarshalTypeError(jsonKind(metadata), 'v1.ObjectMeta', 'metadataOnlyObject', 'metadata');
  return decodeTyped({ metadata }, METADATA_HOLDER, 'Ignore').error;
}

/** STRING_FIELDS are ObjectMeta's string fields a manifest usually sets. */
const STRING_FIELDS = new Set(['name', 'namespace', 'generateName', 'uid', 'resourceVersion']);

/**
 * plainMetadata says the metadata surely decodes: only the usual string fields, as strings, and
 * labels and annotations of strings. Anything else is left to the decoder.
 */
function plainMetadata(metadata: unknown): boolean {
  if (!isPlainObject(metadata)) return false;
  for (const [key, value] of Object.entries(metadata)) {
    if (STRING_FIELDS.has(key)) {
      if (typeof value !== 'string') return false;
    } else if (key === 'labels' || key === 'annotations') {
      if (!isPlainObject(value) || !Object.values(value).every((v) => typeof v === 'string')) return false;
    } else {
      return false;
    }
  }
  return true;
}

/** METADATA_HOLDER is the struct metadataDecodeError decodes a document's metadata with. */
const METADATA_HOLDER = 'core/v1.ConfigMap';

/** stripServerFields is a live object to create again: without the resourceVersion and uid the server set. */
export function stripServerFields(obj: KubeObject): KubeObject {
  const copy = structuredClone(obj);
  delete copy.metadata.resourceVersion;
  delete copy.metadata.uid;
  return copy;
}

/** serverError formats an API error about a document as kubectl does ("error when creating \"x\": …"). */
export function serverError(e: unknown, verb: string, source: string): string {
  if (e instanceof ApiError) return formatApiError(e, e.reason === 'Invalid' ? '' : `error when ${verb} "${source}": `);
  throw e;
}

/**
 * collectedServerError is serverError for a command that goes on past it: among several
 * errors an Invalid one is not worded from its causes but printed as the server's message
 * behind the document's source, as every other API error is.
 */
export function collectedServerError(e: unknown, verb: string, source: string): CollectedError {
  const alone = serverError(e, verb, source);
  const { reason, message } = e as ApiError;
  return reason === 'Invalid' ? { alone, among: `Error from server (Invalid): error when ${verb} "${source}": ${message}` } : alone;
}
