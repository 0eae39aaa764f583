/**
 * Test helper: the real kubectl v1.32 client as an offline oracle. `kubectl label
 * --local -f FILE a=b -o yaml|json` prints a manifest back with kubectl's own printers,
 * with no server. Whether kubectl can run is test/differential/kubectl-oracle.ts's to say.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KUBECTL } from '../../test/differential/kubectl-oracle';

/** kubectlLabelLocal prints `manifest` (JSON text) through kubectl with label a=b added. */
export function kubectlLabelLocal(manifest: string, output: 'yaml' | 'json'): string {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-yaml-'));
  try {
    const file = join(dir, 'm.json');
    writeFileSync(file, manifest);
    return execFileSync(KUBECTL, ['label', '--local', '-f', file, 'a=b', '-o', output], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** withLabel returns a copy of a manifest object with metadata.labels.a = "b" set. */
export function withLabel(obj: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(obj);
  const meta = (copy.metadata ?? {}) as Record<string, unknown>;
  meta.labels = { ...((meta.labels as object) ?? {}), a: 'b' };
  copy.metadata = meta;
  return copy;
}
