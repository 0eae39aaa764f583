/**
 * import-graph: every relative import of every non-test source file under src/, as
 * (file, specifier, target) triples with paths relative to src/. TypeScript's own
 * pre-processor finds them, so imports in comments or strings are never counted and
 * `import type`, re-exports, dynamic import() and require() all are.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** ImportEdge is one import statement: `from` imports `specifier`, which resolves to `to`. */
export interface ImportEdge { from: string; specifier: string; to: string }

/** sourceFiles lists src/'s .ts files, tests and test helpers excluded, relative to srcDir. */
export function sourceFiles(srcDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.(test|test-helper|d)\.ts$/.test(entry.name)) out.push(path.relative(srcDir, full));
    }
  };
  walk(srcDir);
  return out.sort();
}

/** importEdges reads each file's relative imports (package imports cross no layer of ours). */
export function importEdges(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(toPosix(file)), ref.fileName));
      edges.push({ from: toPosix(file), specifier: ref.fileName, to });
    }
  }
  return edges;
}

function toPosix(p: string): string { return p.split(path.sep).join('/'); }
