/**
 * kustomization-file: finding and reading a directory's kustomization (kustomization.yaml,
 * kustomization.yml or Kustomization, the first that exists), with its kind checked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KustomizeError } from './kustomize-error';
import { readYamlDocs } from './read-yaml';
import type { Obj } from './resource';

export const KUSTOMIZATION_FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** missingKustomization is kustomize's text when a directory has none of the three files. */
export const missingKustomization = (dir: string): string =>
  `unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '${dir}'`;

/** LoadedKustomization is the parsed file and where it lives. */
export interface LoadedKustomization { k: Obj; file: string; dir: string }

/** findKustomizationFile returns the kustomization file of dir, or undefined. */
export function findKustomizationFile(dir: string): string | undefined {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const file = path.join(dir, name);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return undefined;
}

/** loadKustomization reads dir's kustomization. */
export function loadKustomization(dir: string): LoadedKustomization {
  const file = findKustomizationFile(dir);
  if (!file) throw new KustomizeError(missingKustomization(dir));
  const docs = readYamlDocs(fs.readFileSync(file, 'utf8'), file);
  const k = docs[0]?.obj ?? {};
  const kind = k.kind;
  if (kind !== undefined && kind !== 'Kustomization' && kind !== 'Component') {
    throw new KustomizeError(`kind should be Kustomization or Component: ${String(kind)}`);
  }
  return { k, file, dir };
}
