import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

describe('src/api/types', () => {
  it('is what scripts/gen-api-types.mjs generates from go-types.json (run it after regenerating the schema)', () => {
    const generated = JSON.parse(execFileSync(process.execPath, [join(ROOT, 'scripts/gen-api-types.mjs'), '--print'], { encoding: 'utf8' })) as Record<string, string>;
    const committed = Object.fromEntries(readdirSync(join(ROOT, 'src/api/types')).map((f) => [`src/api/types/${f}`, readFileSync(join(ROOT, 'src/api/types', f), 'utf8')]));
    expect(Object.keys(committed).sort()).toEqual(Object.keys(generated).sort());
    for (const [path, text] of Object.entries(generated)) expect(committed[path], path).toBe(text);
  });

  it('holds types only: every import in it is `import type`', () => {
    for (const f of readdirSync(join(ROOT, 'src/api/types'))) {
      const text = readFileSync(join(ROOT, 'src/api/types', f), 'utf8');
      expect(text.match(/^(import|export) (?!type |interface |type )/gm), f).toBeNull();
    }
  });

  it('maps Go types as the decoder reads them', () => {
    const core = readFileSync(join(ROOT, 'src/api/types/core-v1.ts'), 'utf8');
    expect(core).toContain('export interface Pod {\n  apiVersion: string;\n  kind: \'Pod\';\n  metadata: metav1.ObjectMeta;\n  spec?: PodSpec;\n  status?: PodStatus;\n}');
    // pointer → optional; non-omitempty → required; Quantity; IntOrString; inline VolumeSource promoted.
    expect(core).toMatch(/export interface PodSpec \{[^}]*\n  containers: Container\[\];[^}]*\n  terminationGracePeriodSeconds\?: number;/);
    expect(core).toContain('export type ResourceList = Record<string, string | number>;');
    expect(core).toMatch(/export interface HTTPGetAction \{[^}]*\n  port: number \| string;/);
    expect(core).toMatch(/export interface Volume \{\n  name: string;\n  hostPath\?: HostPathVolumeSource;/);
    expect(core).toMatch(/export interface Secret \{[^}]*\n  data\?: Record<string, string>;/);
    const apps = readFileSync(join(ROOT, 'src/api/types/apps-v1.ts'), 'utf8');
    expect(apps).toContain("volumeClaimTemplates?: Array<Omit<corev1.PersistentVolumeClaim, 'apiVersion' | 'kind'> & { apiVersion?: string; kind?: string }>;");
  });
});
