/**
 * patches: `patches` (strategic merge or JSON 6902, from a file or inline, with an optional
 * target selector) and the deprecated `patchesStrategicMerge` and `patchesJson6902`, applied
 * with kubemu's one implementation of each patch type.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSelector } from '../api/labels';
import { KustomizeError } from './kustomize-error';
import type { Patchers } from './patchers';
import { readYamlDocs, readYamlValue } from './read-yaml';
import { groupVersionOf, hadName, isObj, kindOf, metadataOf, nameOf, namespaceOf, type Obj, type Resource } from './resource';

export interface PatchTarget {
  group?: string; version?: string; kind?: string; name?: string; namespace?: string;
  labelSelector?: string; annotationSelector?: string;
}
export interface PatchEntry { path?: string; patch?: string; target?: PatchTarget }

const fullMatch = (pattern: string, value: string): boolean => {
  try { return new RegExp(`^(?:${pattern})$`).test(value); } catch { return pattern === value; }
};

/** selects is kustomize's target selection: gvk fields exact, name and namespace as anchored regexps. */
function selects(t: PatchTarget, r: Resource): boolean {
  const { group, version } = groupVersionOf(r.obj);
  if (t.group && t.group !== group) return false;
  if (t.version && t.version !== version) return false;
  if (t.kind && t.kind !== kindOf(r.obj)) return false;
  if (t.name && !fullMatch(t.name, nameOf(r)) && !r.names.some((n) => fullMatch(t.name!, n))) return false;
  if (t.namespace && !fullMatch(t.namespace, namespaceOf(r))) return false;
  const meta = metadataOf(r.obj);
  if (t.labelSelector && !parseSelector(t.labelSelector).matches(meta.labels as Record<string, string> | undefined)) return false;
  if (t.annotationSelector && !parseSelector(t.annotationSelector).matches(meta.annotations as Record<string, string> | undefined)) return false;
  return true;
}

function readPatchText(dir: string, entry: PatchEntry): string {
  if (entry.patch !== undefined) return entry.patch;
  const file = path.resolve(dir, entry.path!);
  try { return fs.readFileSync(file, 'utf8'); } catch {
    throw new KustomizeError(`trouble configuring builtin PatchTransformer with config: \`\npath: ${entry.path}\n\`: evalsym failure : trouble reading '${entry.path}' relative to '${dir}' : lstat ${file}: no such file or directory`);
  }
}

// strategicMerge applies one SMP document to a resource: the patch's own name and namespace never rename it.
function strategicMerge(all: Resource[], r: Resource, patch: Obj, patchers: Patchers): void {
  if (patch.$patch === 'delete') { all.splice(all.indexOf(r), 1); return; }
  const p = structuredClone(patch);
  const meta = isObj(p.metadata) ? p.metadata : (p.metadata = {});
  meta.name = nameOf(r);
  if (namespaceOf(r)) meta.namespace = namespaceOf(r); else delete meta.namespace;
  r.obj = patchers.strategicMerge(r.obj, p) as Obj;
}

function jsonPatch(r: Resource, ops: unknown, source: string, patchers: Patchers): void {
  try {
    r.obj = patchers.jsonPatch(r.obj, ops) as Obj;
  } catch (e) {
    throw new KustomizeError(`unable to apply JSON patch from ${source}: ${(e as Error).message}`);
  }
}

// A patch without a target names its object: kind and one of its names (and namespace, if given).
function byOwnId(all: Resource[], patch: Obj): Resource[] {
  const meta = isObj(patch.metadata) ? patch.metadata : {};
  const name = String(meta.name ?? '');
  return all.filter((r) => kindOf(r.obj) === patch.kind && hadName(r, name) && (meta.namespace === undefined || r.namespaces.includes(String(meta.namespace))));
}

function applyStrategicDoc(all: Resource[], patch: Obj, target: PatchTarget | undefined, patchers: Patchers): void {
  const matched = target ? all.filter((r) => selects(target, r)) : byOwnId(all, patch);
  if (!target && matched.length === 0) {
    const meta = isObj(patch.metadata) ? patch.metadata : {};
    throw new KustomizeError(`no resource matches strategic merge patch "${patch.kind}.${groupVersionOf(patch).version}.${groupVersionOf(patch).group || '[noGrp]'}/${meta.name}.${meta.namespace ?? '[noNs]'}": no matches for Id ${patch.kind}.${groupVersionOf(patch).version}.${groupVersionOf(patch).group || '[noGrp]'}/${meta.name}.${meta.namespace ?? '[noNs]'}; failed to find unique target for patch ${patch.kind}.${groupVersionOf(patch).version}.${groupVersionOf(patch).group || '[noGrp]'}/${meta.name}.${meta.namespace ?? '[noNs]'}`);
  }
  for (const r of matched) strategicMerge(all, r, patch, patchers);
}

// isJson6902: a patch whose first content line opens a list is a JSON 6902 patch; else strategic merge documents.
function isJson6902(text: string): boolean {
  const first = text.split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#') && l !== '---');
  return first !== undefined && (first.startsWith('[') || first === '-' || first.startsWith('- '));
}

/** applyPatches applies the `patches` field. */
export function applyPatches(all: Resource[], entries: PatchEntry[], dir: string, patchers: Patchers): void {
  for (const entry of entries) {
    if ((entry.path === undefined) === (entry.patch === undefined)) throw new KustomizeError('must specify one and only one of patch and path in configuration');
    const text = readPatchText(dir, entry);
    const source = entry.path ?? 'inline patch';
    if (isJson6902(text)) {
      if (!entry.target) throw new KustomizeError('unable to apply JSON 6902 patch without a target');
      const ops = readYamlValue(text, source);
      for (const r of all.filter((x) => selects(entry.target!, x))) jsonPatch(r, ops, source, patchers);
      continue;
    }
    for (const doc of readYamlDocs(text, source)) applyStrategicDoc(all, doc.obj, entry.target, patchers);
  }
}

/** applyStrategicMergePatches applies the deprecated `patchesStrategicMerge` (file paths or inline YAML). */
export function applyStrategicMergePatches(all: Resource[], entries: string[], dir: string, patchers: Patchers): void {
  for (const entry of entries) {
    const inline = entry.includes('\n') || /^\s*(apiVersion|kind|metadata):/m.test(entry);
    const text = inline ? entry : readPatchText(dir, { path: entry });
    for (const doc of readYamlDocs(text, inline ? 'inline patch' : entry)) applyStrategicDoc(all, doc.obj, undefined, patchers);
  }
}

/** Json6902Entry is one item of the deprecated `patchesJson6902`. */
export interface Json6902Entry { target: PatchTarget; path?: string; patch?: string }

/** applyJson6902Patches applies the deprecated `patchesJson6902`. */
export function applyJson6902Patches(all: Resource[], entries: Json6902Entry[], dir: string, patchers: Patchers): void {
  for (const entry of entries) {
    const text = readPatchText(dir, entry);
    const ops = readYamlValue(text, entry.path ?? 'inline patch');
    for (const r of all.filter((x) => selects(entry.target, x))) jsonPatch(r, ops, entry.path ?? 'inline patch', patchers);
  }
}
