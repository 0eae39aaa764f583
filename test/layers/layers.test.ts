/**
 * The dependency direction between src/'s folders (docs/architecture.md, "Rules"): no
 * import goes the wrong way and no folders import each other in a ring. The synthetic cases
 * show the checker fails, and how its messages read.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges } from './import-graph';
import { layerViolations, unitCycles, unitOf, type Rules } from './check-layers';
import { ALLOWED, EXEMPT, SEAMS } from './dependency-rules';

const SRC = path.join(__dirname, '../../src');
const RULES: Rules = { seams: SEAMS, allowed: ALLOWED, exempt: EXEMPT };

describe('src/ layering', () => {
  const edges = importEdges(SRC);

  it('reads the imports of the whole tree', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges).toContainEqual({ from: 'cli/main.ts', specifier: './errors', to: 'cli/errors' });
  });

  it('has no import going the wrong way', () => {
    expect(layerViolations(edges, RULES)).toEqual([]);
  });

  it('has no folders importing each other in a ring', () => {
    expect(unitCycles(edges, SEAMS)).toEqual([]);
  });

  it('uses every exemption it lists (a fixed one is removed from the list)', () => {
    const used = EXEMPT.filter((x) => edges.some((e) => unitOf(e.from, SEAMS) === x.from && e.to.replace(/\/index$/, '') === x.to));
    expect(used).toEqual(EXEMPT);
  });

  it('the rules themselves form no ring', () => {
    const fileIn = (unit: string): string => ((SEAMS as readonly string[]).includes(unit) ? unit : `${unit}/x`);
    const ruleEdges = Object.entries(ALLOWED).flatMap(([from, tos]) =>
      tos.map((to) => ({ from: `${fileIn(from)}.ts`, specifier: to, to: fileIn(to) })));
    expect(unitCycles(ruleEdges, SEAMS)).toEqual([]);
  });
});

describe('the layering checker', () => {
  const rules: Rules = {
    seams: ['apiserver/client'],
    allowed: { api: [], 'apiserver/client': ['api'], apiserver: ['api', 'apiserver/client'], controllers: ['api', 'apiserver/client'] },
    exempt: [],
  };

  it('passes a graph that respects the rules', () => {
    const ok = [
      { from: 'controllers/job/index.ts', specifier: '../../apiserver/client', to: 'apiserver/client' },
      { from: 'apiserver/apiserver.ts', specifier: '../api/meta', to: 'api/meta' },
      { from: 'apiserver/apiserver.ts', specifier: './client', to: 'apiserver/client' },
    ];
    expect(layerViolations(ok, rules)).toEqual([]);
    expect(unitCycles(ok, rules.seams)).toEqual([]);
  });

  it('names the file and the import of a back-edge, and the ring it closes', () => {
    const withBackEdge = [
      { from: 'controllers/job/index.ts', specifier: '../../apiserver/admission', to: 'apiserver/admission' },
      { from: 'apiserver/apiserver.ts', specifier: '../controllers/job/hash', to: 'controllers/job/hash' },
      { from: 'api/meta.ts', specifier: '../apiserver/client', to: 'apiserver/client' },
    ];
    expect(layerViolations(withBackEdge, rules)).toEqual([
      "src/controllers/job/index.ts imports '../../apiserver/admission': controllers may not import apiserver (it may import api, apiserver/client)",
      "src/apiserver/apiserver.ts imports '../controllers/job/hash': apiserver may not import controllers (it may import api, apiserver/client)",
      "src/api/meta.ts imports '../apiserver/client': api may not import apiserver/client (it may import nothing outside itself)",
    ]);
    expect(unitCycles(withBackEdge, rules.seams)).toEqual([
      "cycle apiserver → controllers → apiserver: src/apiserver/apiserver.ts imports '../controllers/job/hash'; src/controllers/job/index.ts imports '../../apiserver/admission'",
    ]);
  });

  it('lets an exempted import through, and only that one', () => {
    const edges = [
      { from: 'apiserver/a.ts', specifier: '../controllers/x', to: 'controllers/x' },
      { from: 'apiserver/b.ts', specifier: '../controllers/y', to: 'controllers/y' },
    ];
    const exempted = { ...rules, exempt: [{ from: 'apiserver', to: 'controllers/x' }] };
    expect(layerViolations(edges, exempted)).toEqual([
      "src/apiserver/b.ts imports '../controllers/y': apiserver may not import controllers (it may import api, apiserver/client)",
    ]);
  });

  it('refuses a folder the rules do not know', () => {
    expect(layerViolations([{ from: 'newthing/a.ts', specifier: '../api/meta', to: 'api/meta' }], rules))
      .toEqual(["src/newthing/a.ts: unit 'newthing' has no entry in the dependency rules"]);
  });
});
