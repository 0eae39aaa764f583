/**
 * corpus.test: runs every corpus manifest through defaults + validation and checks the
 * outcome against the shared corpus's INDEX.tsv — valid files must produce no causes, and
 * invalid files whose error is a 422 must produce the expected text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from 'js-yaml';
import { expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { builtinRegistry } from '../../api/registry';
import { strategyFor, stampJobSelector } from './index';
import { CORPUS_DIR, CORPUS_INDEX, corpusInput, describeWithInputs } from '../../../test/helpers/required-input';

const CORPUS = CORPUS_DIR;
const INDEX = CORPUS_INDEX;

/** Errors raised before validation (client side, decode, REST mapping) or by admission (403/404). */
const NOT_422 = [
  'no matches for kind', 'error converting YAML', 'apiVersion not set', 'kind not set', 'no objects passed',
  'resource name may not be empty', 'cannot be handled', 'cannot unmarshal', 'quantities must match',
  'illegal base64', 'strict decoding error', 'unknown field', 'found character that cannot start any token',
  'is forbidden', 'exceeded quota', 'usage per', 'not found',
];

/**
 * Rows an older INDEX.tsv marked valid that a real API server would still reject: job-tmpl.yaml is
 * a sed template whose name and labels contain "$ITEM", not a valid RFC 1123 name or label value.
 * The current index marks it invalid; a disagreement counts only while a row still says valid.
 */
const KNOWN_VALID_DISAGREEMENTS = new Set(['valid/kubernetes-website/content/en/examples/application/job/job-tmpl.yaml']);

interface Row { file: string; expect: string; expectedError: string; notes: string }

function rows(): Row[] {
  return readFileSync(INDEX, 'utf8').split('\n').slice(1).filter(Boolean).map((line) => {
    const [file, , , expect, expectedError, notes] = line.split('\t');
    return { file: file!, expect: expect!, expectedError: expectedError ?? '', notes: notes ?? '' };
  });
}

/** is422 says whether a row's expected error comes from strategy validation. */
function is422(row: Row): boolean {
  if (row.notes.includes('apply-first=')) return false; // depends on LimitRange/quota admission
  return !NOT_422.some((p) => row.expectedError.includes(p) && !(p === 'not found' && row.expectedError.includes('Not found:')));
}

function objectsOf(docs: unknown[]): KubeObject[] {
  const out: KubeObject[] = [];
  for (const d of docs) {
    if (!d || typeof d !== 'object') continue;
    const o = d as KubeObject & { items: unknown[] }; // a List document carries items
    if (o.kind === 'List' || (typeof o.kind === 'string' && o.kind.endsWith('List') && Array.isArray(o.items))) out.push(...objectsOf(o.items));
    else out.push(o);
  }
  return out;
}

/** causesOf applies each object as `kubectl apply` would: create, or update when seen before. */
function causesOf(objects: KubeObject[]): string[][] {
  const seen = new Map<string, KubeObject>();
  return objects.map((raw, i) => {
    const obj = structuredClone(raw);
    obj.metadata = obj.metadata ?? {};
    const info = builtinRegistry.forStorageKind(obj.kind);
    if (info?.namespaced && !obj.metadata.namespace) obj.metadata.namespace = 'default';
    const key = `${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
    const s = strategyFor(obj.kind);
    s.defaults(obj);
    const old = seen.get(key);
    let causes;
    if (old && obj.metadata.name) {
      obj.metadata.uid = old.metadata.uid;
      if (obj.kind === 'Job') stampJobSelector(obj);
      s.prepareForUpdate?.(obj, old);
      causes = s.validateUpdate(obj, old);
    } else {
      obj.metadata.uid = `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
      s.prepareForCreate?.(obj);
      causes = s.validate(obj);
    }
    if (causes.length === 0) seen.set(key, obj);
    return causes.map((c) => `${c.field}: ${c.message}`);
  });
}

describeWithInputs('corpus agreement', [corpusInput()], () => {
  it('accepts valid manifests and rejects 422 ones with the expected text', () => {
    let valid = 0; let validOk = 0; let invalid = 0; let invalidOk = 0; let knownWrong = 0;
    const failures: string[] = [];
    for (const row of rows()) {
      if (row.expect === 'invalid' && !is422(row)) continue;
      let docs: unknown[];
      try { docs = loadAll(readFileSync(join(CORPUS, row.file), 'utf8')); } catch (e) {
        failures.push(`${row.file}: js-yaml: ${(e as Error).message.split('\n')[0]}`);
        if (row.expect === 'valid') valid++; else invalid++;
        continue;
      }
      const perObject = causesOf(objectsOf(docs));
      const joined = perObject.flat();
      if (row.expect === 'valid') {
        valid++;
        if (KNOWN_VALID_DISAGREEMENTS.has(row.file)) knownWrong++;
        if (joined.length === 0) validOk++;
        else if (!KNOWN_VALID_DISAGREEMENTS.has(row.file)) failures.push(`valid ${row.file}: ${joined.join('; ')}`);
      } else {
        invalid++;
        if (joined.some((c) => c.includes(row.expectedError)) || joined.join(', ').includes(row.expectedError)) invalidOk++;
        else failures.push(`invalid ${row.file}: want ${JSON.stringify(row.expectedError)}, got ${JSON.stringify(joined)}`);
      }
    }
    console.log(`strategies: ${validOk}/${valid} valid accepted, ${invalidOk}/${invalid} invalid rejected with the expected text`);
    if (failures.length) console.log(failures.join('\n'));
    expect(valid).toBeGreaterThan(0);
    expect(invalid).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(validOk).toBe(valid - knownWrong);
    expect(invalidOk).toBe(invalid);
  });
});
