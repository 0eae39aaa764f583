import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inApplyOrder } from './apply-order';
import { RULE_TABLE } from './rules';

describe('check rules', () => {
  it('are unique and each documented with its level in docs/check.md', () => {
    expect(new Set(RULE_TABLE.map((r) => r.id)).size).toBe(RULE_TABLE.length);
    const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/check.md'), 'utf8');
    for (const r of RULE_TABLE) expect(doc).toContain(`| ${r.id} | ${r.level} |`);
  });
});

describe('apply order', () => {
  it('puts Namespaces and CRDs first and Services after workloads, keeping input order inside a group', () => {
    const kinds = ['Service', 'Deployment', 'ConfigMap', 'Widget', 'Namespace', 'PersistentVolumeClaim', 'Role', 'CustomResourceDefinition', 'Secret'];
    expect(inApplyOrder(kinds, (k) => k)).toEqual(['Namespace', 'CustomResourceDefinition', 'Role', 'ConfigMap', 'Secret', 'PersistentVolumeClaim', 'Deployment', 'Service', 'Widget']);
  });
});
