/**
 * build: kustomize's KustTarget — accumulate a kustomization's resources (files and
 * nested kustomizations, each built on its own), run its generators, then its components
 * (which work on the same accumulation), then its transformers in kustomize's fixed order.
 * The top-level build then adds content-hash suffixes, fixes name references and sorts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addGenerated, generate, type GeneratorArgs, type GeneratorOptions } from './generators';
import { KustomizeError } from './kustomize-error';
import { loadKustomization, type LoadedKustomization } from './kustomization-file';
import { legacySort } from './legacy-order';
import { contentHash } from './content-hash';
import { fixNameReferences } from './name-references';
import { applyJson6902Patches, applyPatches, applyStrategicMergePatches, type Json6902Entry, type PatchEntry } from './patches';
import type { Patchers } from './patchers';
import { readYamlDocs } from './read-yaml';
import { isObj, makeResource, nameOf, rename, type Obj, type Resource } from './resource';
import {
  addNameAffixes, addToMaps, commonAnnotationSpecs, commonLabelSpecs, labelSpecs, setImages, setNamespaces, setReplicas,
  type ImageEntry, type LabelsEntry, type ReplicaEntry,
} from './transformers';

/** BuildResult is the build's objects in output order, with kustomize's warnings. */
export interface BuildResult { resources: Resource[]; warnings: string[] }

const DEPRECATED: [string, string][] = [
  ['commonLabels', "# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically."],
  ['bases', "# Warning: 'bases' is deprecated. Please use 'resources' instead. Run 'kustomize edit fix' to update your Kustomization automatically."],
  ['patchesStrategicMerge', "# Warning: 'patchesStrategicMerge' is deprecated. Please use 'patches' instead. Run 'kustomize edit fix' to update your Kustomization automatically."],
  ['patchesJson6902', "# Warning: 'patchesJson6902' is deprecated. Please use 'patches' instead. Run 'kustomize edit fix' to update your Kustomization automatically."],
];

// Fields kubemu does not build yet: refused rather than ignored, so no output is silently wrong.
const UNSUPPORTED = ['replacements', 'vars', 'configurations', 'crds', 'openapi', 'generators', 'transformers', 'validators',
  'helmCharts', 'helmGlobals', 'sortOptions', 'buildMetadata'];

const REMOTE = /^(https?:\/\/|git@|ssh:\/\/|git::|github\.com\/|gitlab\.com\/|bitbucket\.org\/)/;

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const stringMap = (v: unknown): Record<string, string> => (isObj(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {});

class Builder {
  readonly warnings = new Set<string>();

  constructor(private readonly patchers: Patchers) {}

  /** target builds one kustomization (or component, into `into`). */
  target(dir: string, into: Resource[] = [], isComponent = false, parent?: string): Resource[] {
    const loaded = loadKustomization(dir);
    const { k } = loaded;
    if (isComponent && k.kind !== 'Component') throw new KustomizeError(`accumulating components: accumulateDirectory: "expected kind 'Component' for path '${dir}' but got '${String(k.kind ?? 'Kustomization')}'"`);
    if (!isComponent && k.kind === 'Component') throw new KustomizeError(`accumulating resources: accumulation err='accumulating resources from '${path.relative(parent ?? dir, dir)}': read ${dir}: is a directory': recursed accumulation of path '${dir}': expected kind != 'Component' for path '${dir}'`);
    for (const [field, text] of DEPRECATED) if (k[field] !== undefined) this.warnings.add(text);
    const unsupported = UNSUPPORTED.find((f) => k[f] !== undefined);
    if (unsupported) throw new KustomizeError(`kubemu does not support '${unsupported}' in kustomizations yet (${loaded.file})`);
    const all = into;
    for (const entry of [...list<string>(k.bases), ...list<string>(k.resources)]) this.accumulate(loaded, String(entry), all);
    this.generators(loaded, all);
    for (const c of list<string>(k.components)) this.target(path.resolve(dir, String(c)), all, true, dir);
    this.transformers(loaded, all);
    return all;
  }

  private accumulate(loaded: LoadedKustomization, entry: string, all: Resource[]): void {
    if (REMOTE.test(entry)) throw new KustomizeError(`accumulating resources: remote resource '${entry}' is not supported: kubemu builds kustomizations offline`);
    const full = path.resolve(loaded.dir, entry);
    let st: fs.Stats;
    try { st = fs.statSync(full); } catch {
      const missing = `evalsymlink failure on '${full}' : lstat ${full}: no such file or directory`;
      throw new KustomizeError(`accumulating resources: accumulation err='accumulating resources from '${entry}': ${missing}': must build at directory: not a valid directory: ${missing}`);
    }
    if (st.isDirectory()) {
      all.push(...this.target(full, [], false, loaded.dir));
      return;
    }
    for (const doc of readYamlDocs(fs.readFileSync(full, 'utf8'), full)) {
      if (doc.obj.kind === 'List' && Array.isArray(doc.obj.items)) {
        for (const item of doc.obj.items) if (isObj(item)) all.push(makeResource(item, { file: full, line: doc.line }));
        continue;
      }
      all.push(makeResource(doc.obj, { file: full, line: doc.line }));
    }
  }

  private generators({ k, dir, file }: LoadedKustomization, all: Resource[]): void {
    const global = isObj(k.generatorOptions) ? (k.generatorOptions as GeneratorOptions) : undefined;
    for (const args of list<GeneratorArgs>(k.configMapGenerator)) addGenerated(all, generate('ConfigMap', args, global, dir, file), args.behavior);
    for (const args of list<GeneratorArgs>(k.secretGenerator)) addGenerated(all, generate('Secret', args, global, dir, file), args.behavior);
  }

  private transformers({ k, dir }: LoadedKustomization, all: Resource[]): void {
    applyStrategicMergePatches(all, list<string>(k.patchesStrategicMerge), dir, this.patchers);
    applyPatches(all, list<PatchEntry>(k.patches), dir, this.patchers);
    if (typeof k.namespace === 'string' && k.namespace) setNamespaces(all, k.namespace);
    const prefix = typeof k.namePrefix === 'string' ? k.namePrefix : '';
    const suffix = typeof k.nameSuffix === 'string' ? k.nameSuffix : '';
    if (prefix || suffix) addNameAffixes(all, prefix, suffix);
    addToMaps(all, stringMap(k.commonLabels), commonLabelSpecs());
    for (const entry of list<LabelsEntry>(k.labels)) addToMaps(all, stringMap(entry.pairs), labelSpecs(entry));
    addToMaps(all, stringMap(k.commonAnnotations), commonAnnotationSpecs());
    applyJson6902Patches(all, list<Json6902Entry>(k.patchesJson6902), dir, this.patchers);
    setReplicas(all, list<ReplicaEntry>(k.replicas));
    setImages(all, list<ImageEntry>(k.images));
  }
}

/** buildKustomization builds the kustomization in dir (relative to cwd) as `kubectl kustomize` does. */
export function buildKustomization(dir: string, cwd: string, patchers: Patchers): BuildResult {
  const b = new Builder(patchers);
  const full = path.resolve(cwd, dir);
  if (!fs.existsSync(full) || !fs.statSync(full).isDirectory()) {
    throw new KustomizeError(`must build at directory: not a valid directory: evalsymlink failure on '${dir}' : lstat ${full}: no such file or directory`);
  }
  const all = b.target(full);
  for (const r of all) if (r.needsHash) rename(r, `${nameOf(r)}-${contentHash(r.obj)}`);
  fixNameReferences(all);
  return { resources: legacySort(all), warnings: [...b.warnings] };
}

/** objectsOf is the built objects alone. */
export const objectsOf = (result: BuildResult): Obj[] => result.resources.map((r) => r.obj);
