/**
 * read-yaml: the documents of a resource or patch file, read with kubemu's manifest reader
 * (each object keeps its line for `kubemu check -k`); a read error becomes kustomize's text.
 */
import { readManifestStream } from '../yaml/read-manifests';
import { KustomizeError } from './kustomize-error';
import type { Obj } from './resource';

export interface ReadDoc { obj: Obj; line: number }

/** readYamlDocs reads every non-empty document of text. */
export function readYamlDocs(text: string, source: string): ReadDoc[] {
  const r = readManifestStream(text, source, { checkKind: false, yaml12Booleans: true });
  if (r.errors.length > 0) throw new KustomizeError(r.errors[0].message);
  return r.docs.map((d) => ({ obj: d.object, line: d.line }));
}

/** readYamlValue reads one YAML or JSON value of any shape (a JSON 6902 patch is a list). */
export function readYamlValue(text: string, source: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try { return JSON.parse(trimmed); } catch { /* YAML flow sequence: below */ }
  }
  // The reader wants maps: wrap the value in one.
  const indented = text.split('\n').map((l) => `  ${l}`).join('\n');
  const docs = readYamlDocs(`value:\n${indented}\n`, source);
  return docs[0]?.obj.value;
}
