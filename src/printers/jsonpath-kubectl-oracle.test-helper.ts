/**
 * jsonpath-kubectl-oracle.test-helper: TEST-ONLY helpers that run the real kubectl client offline
 * (`kubectl label --local -f FILE … -o …`) as a differential oracle for the jsonpath,
 * custom-columns and sort-by printers. Nothing in the CLI imports this file.
 */
import { spawn } from 'node:child_process';
import { KUBECTL } from '../../test/differential/kubectl-oracle';

/** OracleResult is one kubectl run's captured streams and exit code. */
export interface OracleResult { stdout: string; stderr: string; code: number }

/** runKubectl runs kubectl with args and captures its output (no shell, no network). */
export function runKubectl(args: readonly string[]): Promise<OracleResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(KUBECTL, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, KUBECONFIG: '/dev/null' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({
      stdout: Buffer.concat(out).toString('utf8'),
      stderr: Buffer.concat(err).toString('utf8'),
      code: code ?? -1,
    }));
  });
}

/** mapLimit runs fn over items with at most `limit` in flight, keeping result order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/** parseJsonStream splits kubectl's concatenated `-o json` documents into values. */
export function parseJsonStream(text: string): unknown[] {
  const docs: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') { if (depth++ === 0) start = i; }
    else if (c === '}' || c === ']') { if (--depth === 0) docs.push(JSON.parse(text.slice(start, i + 1))); }
  }
  return docs;
}
