/**
 * transformers: kustomize's built-in transformers a kustomization configures — namespace,
 * namePrefix/nameSuffix, labels/commonLabels, commonAnnotations, replicas and images —
 * each over every resource accumulated so far.
 */
import { isClusterScoped } from './cluster-scope';
import { applySpecs, specMatches, type FieldSpec } from './field-spec';
import { COMMON_ANNOTATIONS, COMMON_LABELS, METADATA_LABELS, NAMESPACE_EXTRA, REPLICAS } from './field-spec-tables';
import { KustomizeError } from './kustomize-error';
import { groupVersionOf, hadName, isObj, kindOf, nameOf, rename, setNamespace, type Obj, type Resource } from './resource';

/** setNamespaces is the NamespaceTransformer (RBAC subjects named "default" too). */
export function setNamespaces(all: Resource[], namespace: string): void {
  for (const r of all) {
    const { group } = groupVersionOf(r.obj);
    const kind = kindOf(r.obj);
    if (!isClusterScoped(group, kind)) setNamespace(r, namespace);
    for (const spec of NAMESPACE_EXTRA) {
      if (!specMatches(spec, r.obj)) continue;
      applySpecs(r.obj, [spec], () => namespace);
      if (spec.path === 'metadata/name') rename(r, namespace);
    }
    if ((kind === 'RoleBinding' || kind === 'ClusterRoleBinding') && Array.isArray(r.obj.subjects)) {
      for (const s of r.obj.subjects) if (isObj(s) && s.name === 'default') s.namespace = namespace;
    }
  }
}

// Prefixes and suffixes leave these kinds' names alone.
function skipsNameAffix(obj: Obj): boolean {
  const kind = kindOf(obj);
  return kind === 'CustomResourceDefinition' || kind === 'Namespace' || (kind === 'APIService' && groupVersionOf(obj).group === 'apiregistration.k8s.io');
}

/** addNameAffixes is the PrefixTransformer and SuffixTransformer. */
export function addNameAffixes(all: Resource[], prefix: string, suffix: string): void {
  for (const r of all) {
    if (skipsNameAffix(r.obj)) continue;
    rename(r, `${prefix}${nameOf(r)}${suffix}`);
  }
}

/** addToMaps merges pairs into the map at every field spec (a LabelTransformer or AnnotationsTransformer). */
export function addToMaps(all: Resource[], pairs: Record<string, string>, specs: readonly FieldSpec[]): void {
  if (Object.keys(pairs).length === 0) return;
  for (const r of all) {
    applySpecs(r.obj, specs, (current) => {
      const m = isObj(current) ? current : {};
      for (const [k, v] of Object.entries(pairs)) m[k] = v;
      return m;
    });
  }
}

/** LabelsEntry is one item of `labels:`. */
export interface LabelsEntry { pairs?: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean; fields?: FieldSpec[] }

/** labelSpecs picks the field specs a `labels:` entry writes to. */
export function labelSpecs(entry: LabelsEntry): FieldSpec[] {
  const base = entry.includeSelectors ? [...COMMON_LABELS] : entry.includeTemplates ? [...METADATA_LABELS] : [METADATA_LABELS[0]];
  return [...base, ...(entry.fields ?? []).map((f) => ({ ...f, create: f.create ?? false }))];
}

export const commonLabelSpecs = (): readonly FieldSpec[] => COMMON_LABELS;
export const commonAnnotationSpecs = (): readonly FieldSpec[] => COMMON_ANNOTATIONS;

/** ReplicaEntry is one item of `replicas:`. */
export interface ReplicaEntry { name: string; count: number }

/** setReplicas is the ReplicaCountTransformer. */
export function setReplicas(all: Resource[], entries: ReplicaEntry[]): void {
  for (const e of entries) {
    const matched = all.filter((r) => hadName(r, e.name) && REPLICAS.some((s) => specMatches(s, r.obj)));
    if (matched.length === 0) throw new KustomizeError(`resource with name ${e.name} does not match a config with the following GVK [~G_~V_Deployment ~G_~V_ReplicationController ~G_~V_ReplicaSet apps_~V_StatefulSet]`);
    for (const r of matched) applySpecs(r.obj, REPLICAS, () => e.count);
  }
}

/** ImageEntry is one item of `images:`. */
export interface ImageEntry { name: string; newName?: string; newTag?: string; digest?: string; tagSuffix?: string }

// splitImage is kustomize's image.Split: name, tag and digest, a registry port kept in the name.
function splitImage(image: string): [string, string, string] {
  const slash = image.indexOf('/');
  const base = slash > 0 ? slash : 0;
  const search = image.slice(base);
  let id = search.indexOf('@');
  let ic = search.indexOf(':');
  if (ic < 0 && id < 0) return [image, '', ''];
  if (id >= 0 && (id < ic || ic < 0)) { id += base; return [image.slice(0, id), '', image.slice(id + 1)]; }
  if (id >= 0 && ic >= 0) { id += base; ic += base; return [image.slice(0, ic), image.slice(ic + 1, id), image.slice(id + 1)]; }
  ic += base;
  return [image.slice(0, ic), image.slice(ic + 1), ''];
}

function newImage(value: string, e: ImageEntry): string | undefined {
  let pattern: RegExp;
  try { pattern = new RegExp(`^${e.name}(:[a-zA-Z0-9_.{}-]*)?(@sha256:[a-zA-Z0-9_.{}-]*)?$`); } catch { return undefined; }
  if (!pattern.test(value)) return undefined;
  let [name, tag, digest] = splitImage(value);
  if (e.newName) name = e.newName;
  if (e.newTag && e.digest) { tag = e.newTag; digest = e.digest; }
  else if (e.newTag) { tag = e.newTag; digest = ''; }
  else if (e.digest) { tag = ''; digest = e.digest; }
  else if (e.tagSuffix) { tag += e.tagSuffix; digest = ''; }
  return name + (tag ? `:${tag}` : '') + (digest ? `@${digest}` : '');
}

// walkContainers visits every containers/initContainers list anywhere in the object (kustomize's legacy image filter).
function walkContainers(node: unknown, visit: (c: Obj) => void): void {
  if (Array.isArray(node)) { for (const n of node) walkContainers(n, visit); return; }
  if (!isObj(node)) return;
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'containers' || k === 'initContainers') && Array.isArray(v)) {
      for (const c of v) if (isObj(c)) visit(c);
    }
    walkContainers(v, visit);
  }
}

/** setImages is the ImageTagTransformer. */
export function setImages(all: Resource[], entries: ImageEntry[]): void {
  for (const r of all) {
    if (kindOf(r.obj) === 'CustomResourceDefinition') continue;
    for (const e of entries) {
      walkContainers(r.obj, (c) => {
        if (typeof c.image !== 'string') return;
        const next = newImage(c.image, e);
        if (next !== undefined) c.image = next;
      });
    }
  }
}

