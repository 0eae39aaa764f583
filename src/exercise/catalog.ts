/**
 * catalog: the bundled exercises, `exercises/<track>/<name>.yaml` beside the package (found
 * from this module's folder, which is src/exercise under the sources and dist/ when built),
 * loaded and validated, in the order a learner takes them: track, then weight, then name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ExerciseFileError, parseExercise } from './loader';
import { TRACKS, type Exercise } from './model';

/** EXERCISES_DIR is the bundled exercises' folder name at the package root. */
export const EXERCISES_DIR = 'exercises';

/** bundledDir finds the bundled exercises' folder, walking up from this module. */
export function bundledDir(from: string = __dirname): string {
  for (let dir = from, i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, EXERCISES_DIR);
    if (fs.existsSync(path.join(candidate, TRACKS[0]))) return candidate;
  }
  throw new Error(`the bundled exercises were not found above ${from}`);
}

/** loadCatalog loads every exercise under dir, sorted; names must be unique and match their file. */
export function loadCatalog(dir: string = bundledDir()): Exercise[] {
  const out: Exercise[] = [];
  const seen = new Map<string, string>();
  for (const track of TRACKS) {
    const tdir = path.join(dir, track);
    if (!fs.existsSync(tdir)) continue;
    for (const f of fs.readdirSync(tdir).filter((n) => n.endsWith('.yaml')).sort()) {
      const file = path.join(tdir, f);
      const shown = path.join(EXERCISES_DIR, track, f);
      const ex = parseExercise(fs.readFileSync(file, 'utf8'), shown);
      if (ex.track !== track) throw new ExerciseFileError(`${shown}:1: track: is "${ex.track}" but the file is under ${track}/`);
      if (`${ex.name}.yaml` !== f) throw new ExerciseFileError(`${shown}:1: name: "${ex.name}" does not match the file name`);
      if (seen.has(ex.name)) throw new ExerciseFileError(`${shown}:1: name: "${ex.name}" is also ${seen.get(ex.name)}`);
      seen.set(ex.name, shown);
      out.push(ex);
    }
  }
  const rank = (e: Exercise) => TRACKS.indexOf(e.track);
  return out.sort((a, b) => rank(a) - rank(b) || a.weight - b.weight || a.name.localeCompare(b.name));
}

/** findExercise finds an exercise by name, with the known names in the error. */
export function findExercise(catalog: readonly Exercise[], name: string): Exercise {
  const ex = catalog.find((e) => e.name === name);
  if (!ex) throw new ExerciseFileError(`unknown exercise "${name}" (see: kubemu exercise list)`);
  return ex;
}
