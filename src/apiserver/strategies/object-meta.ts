/**
 * object-meta: ObjectMeta validation shared by every kind (apimachinery
 * pkg/api/validation/objectmeta.go): name/generateName, namespace, labels, annotations.
 */
import type { KubeObject, ObjectMeta } from '../../api/meta';
import type { StatusCause } from '../errors';
import { immutable, invalidValue, required, tooLong } from '../field-errors';
import { labelMap } from './field-rules';
import { isDNS1123Label, isDNS1123Subdomain, isPathSegmentName, validateLabelKey } from './names';

/** NAME_REQUIRED_DETAIL is the detail of a missing name. */
export const NAME_REQUIRED_DETAIL = 'name or generateName is required';
/** TOTAL_ANNOTATION_SIZE_LIMIT is the byte limit on all annotation keys and values together. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** NameValidator lists what is wrong with a name; prefix is true for generateName. */
export type NameValidator = (name: string, prefix: boolean) => string[];

/** maskTrailingDash lets a generateName prefix end in '-' by validating it without the dash. */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** nameIsDNSSubdomain is the default name rule (most kinds). */
export const nameIsDNSSubdomain: NameValidator = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
/** nameIsPathSegment is the rule of kinds whose names need only be one URL path segment (RBAC, Events). */
export const nameIsPathSegment: NameValidator = (name, prefix) => (prefix ? [] : isPathSegmentName(name));
/** nameIsDNSLabel is the Namespace rule. */
export const nameIsDNSLabel: NameValidator = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);

/** MetaOptions says how a kind's metadata is checked. */
export interface MetaOptions {
  /** namespaced kinds need metadata.namespace; cluster-scoped kinds must not have one. */
  namespaced: boolean | undefined;
  nameFn: NameValidator;
}

/** validateAnnotations checks keys (as qualified names, lower-cased) and the total size. */
export function validateAnnotations(field: string, annotations: Record<string, unknown> | undefined): StatusCause[] {
  const out: StatusCause[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    for (const m of validateLabelKey(k.toLowerCase())) out.push(invalidValue(field, k, m));
    size += Buffer.byteLength(k) + Buffer.byteLength(String(v ?? ''));
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) out.push(tooLong(field, '', TOTAL_ANNOTATION_SIZE_LIMIT));
  return out;
}

/** validateObjectMeta is ValidateObjectMeta: the causes of a new object's metadata. */
export function validateObjectMeta(meta: ObjectMeta | undefined, opts: MetaOptions): StatusCause[] {
  const m = meta ?? {};
  const out: StatusCause[] = [];
  if (m.generateName) {
    for (const msg of opts.nameFn(m.generateName, true)) out.push(invalidValue('metadata.generateName', m.generateName, msg));
  }
  if (!m.name) {
    if (!m.generateName) out.push(required('metadata.name', NAME_REQUIRED_DETAIL));
  } else {
    for (const msg of opts.nameFn(m.name, false)) out.push(invalidValue('metadata.name', m.name, msg));
  }
  if (opts.namespaced === true) {
    if (!m.namespace) out.push(required('metadata.namespace'));
    else for (const msg of isDNS1123Label(m.namespace)) out.push(invalidValue('metadata.namespace', m.namespace, msg));
  } else if (opts.namespaced === false && m.namespace) {
    out.push({ field: 'metadata.namespace', message: 'Forbidden: not allowed on this type' });
  }
  out.push(...labelMap('metadata.labels', m.labels));
  out.push(...validateAnnotations('metadata.annotations', m.annotations));
  (m.finalizers ?? []).forEach((f, i) => {
    for (const msg of validateLabelKey(f)) out.push(invalidValue(`metadata.finalizers[${i}]`, f, msg));
  });
  return out;
}

/** validateObjectMetaUpdate is ValidateObjectMetaUpdate: new metadata plus its immutable fields. */
export function validateObjectMetaUpdate(obj: KubeObject, old: KubeObject, opts: MetaOptions): StatusCause[] {
  const out = validateObjectMeta(obj.metadata, opts);
  const m = obj.metadata ?? {};
  const o = old.metadata ?? {};
  if (m.name !== o.name) out.push(immutable('metadata.name', m.name ?? ''));
  if ((m.namespace ?? '') !== (o.namespace ?? '')) out.push(immutable('metadata.namespace', m.namespace ?? ''));
  if (m.uid && o.uid && m.uid !== o.uid) out.push(immutable('metadata.uid', m.uid));
  return out;
}
