/**
 * decode-corpus: runs decodeObject over the shared real-world corpus (../shared/corpus) and
 * reports how far kubemu's decode step agrees with a v1.32 API server. Rows whose expected
 * error is a decode-time (HTTP 400) error must fail in decode with that text; every document of
 * a `valid` row must decode. js-yaml with the YAML 1.1 schema stands in for kubectl's YAML→JSON
 * conversion (duplicate keys collapse, last wins; `yes` is a bool).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll, YAML11_SCHEMA } from 'js-yaml';
import { expect, it } from 'vitest';
import { builtinRegistry, NoKindMatchError } from '../api/registry';
import { ApiError } from './errors';
import { decodeObject } from './decode';
import { CORPUS_DIR, CORPUS_INDEX, corpusInput, describeWithInputs } from '../../test/helpers/required-input';

const CORPUS = CORPUS_DIR;
const INDEX = CORPUS_INDEX;

// Expected-error fragments that only the decode step produces.
const DECODE_ERROR = /cannot be handled as|cannot unmarshal|quantities must match|illegal base64|strict decoding error|unknown field "|duplicate field "|unable to parse quantity/;

interface Row { file: string; expect: string; expectedError: string; notes: string }

function rows(): Row[] {
  return readFileSync(INDEX, 'utf8').trimEnd().split('\n').slice(1).map((line) => {
    const [file = '', , , expect = '', expectedError = '', notes = ''] = line.split('\t');
    return { file, expect, expectedError, notes };
  });
}

/** objects parses a manifest file the way kubectl does and flattens List kinds into items. */
function objects(file: string): Record<string, unknown>[] {
  const docs = loadAll(readFileSync(join(CORPUS, file), 'utf8'), { schema: YAML11_SCHEMA, json: true });
  const out: Record<string, unknown>[] = [];
  for (const doc of docs.map(jsonify)) {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) continue;
    const obj = doc as Record<string, unknown>;
    if (typeof obj.kind === 'string' && obj.kind.endsWith('List') && Array.isArray(obj.items)) {
      out.push(...(obj.items as Record<string, unknown>[]));
    } else out.push(obj);
  }
  return out;
}

/** jsonify turns YAML timestamps into the strings kubectl's YAML→JSON conversion produces. */
function jsonify(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString().replace('.000Z', 'Z');
  if (Array.isArray(v)) return v.map(jsonify);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonify(x)]));
  return v;
}

type Outcome = { ok: true } | { ok: false; message: string } | { skipped: string };

function decodeDoc(obj: Record<string, unknown>): Outcome {
  if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return { skipped: 'no apiVersion/kind' };
  let info;
  try {
    info = builtinRegistry.forKind(obj.apiVersion, obj.kind);
  } catch (e) {
    if (e instanceof NoKindMatchError) return { skipped: 'no kind match' };
    throw e;
  }
  try {
    decodeObject(obj, info, { fieldValidation: 'Strict' });
    return { ok: true };
  } catch (e) {
    if (e instanceof ApiError && e.code === 400) return { ok: false, message: e.message };
    throw e;
  }
}

describeWithInputs('decodeObject on the shared corpus', [corpusInput()], () => {
  const all = rows();
  const decodeRows = all.filter((r) => r.expect === 'invalid' && DECODE_ERROR.test(r.expectedError));
  const validRows = all.filter((r) => r.expect === 'valid');
  // Rows rejected later (422, 403, 404) passed decode on a real server, so decode must accept them.
  const laterRows = all.filter((r) => r.expect === 'invalid' && !DECODE_ERROR.test(r.expectedError));
  const tally = { decodeAgree: 0, decodeTotal: decodeRows.length, validAgree: 0, validTotal: validRows.length,
    laterAgree: 0, laterTotal: laterRows.length };
  const disagreements: string[] = [];

  for (const row of decodeRows) {
    it(`rejects ${row.file}`, () => {
      let docs: Record<string, unknown>[];
      try { docs = objects(row.file); } catch (e) { disagreements.push(`${row.file}: YAML: ${String(e)}`); throw e; }
      const messages = docs.map(decodeDoc).flatMap((o) => ('ok' in o && !o.ok ? [o.message] : []));
      const hit = messages.some((m) => m.includes(row.expectedError));
      if (hit) tally.decodeAgree++;
      else disagreements.push(`${row.file}: want ${row.expectedError}; got ${messages.join(' | ') || 'no decode error'}`);
      expect(messages.find((m) => m.includes(row.expectedError)) ?? messages, row.file).toContain(row.expectedError);
    });
  }

  for (const row of validRows) {
    it(`decodes ${row.file}`, () => {
      let docs: Record<string, unknown>[];
      try { docs = objects(row.file); } catch (e) { disagreements.push(`${row.file}: YAML: ${String(e)}`); throw e; }
      const failures = docs.map(decodeDoc).flatMap((o) => ('ok' in o && !o.ok ? [o.message] : []));
      if (failures.length === 0) tally.validAgree++;
      else disagreements.push(`${row.file}: valid but ${failures.join(' | ')}`);
      expect(failures).toEqual([]);
    });
  }

  for (const row of laterRows) {
    it(`lets ${row.file} through to later checks`, () => {
      let docs: Record<string, unknown>[];
      try { docs = objects(row.file); } catch { tally.laterAgree++; return; } // a client-side YAML error
      const failures = docs.map(decodeDoc).flatMap((o) => ('ok' in o && !o.ok ? [o.message] : []));
      if (failures.length === 0) tally.laterAgree++;
      else disagreements.push(`${row.file}: expected ${row.expectedError}; decode said ${failures.join(' | ')}`);
      expect(failures).toEqual([]);
    });
  }

  it('prints the agreement counts', () => {
    console.log(`decode corpus agreement: decode-time invalid rows ${tally.decodeAgree}/${tally.decodeTotal}, ` +
      `valid rows ${tally.validAgree}/${tally.validTotal}, ` +
      `rows rejected after decode ${tally.laterAgree}/${tally.laterTotal}`);
    for (const d of disagreements) console.log(`  disagree: ${d}`);
    expect(tally.decodeTotal).toBeGreaterThan(0);
  });
});
