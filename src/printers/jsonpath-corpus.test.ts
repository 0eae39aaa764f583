/**
 * Differential test: kubemu's jsonpath engine against the real kubectl client over every
 * manifest in the shared corpus's valid/ folder (beside the repository). kubectl renders each object of a file separately
 * (`label --local` prints per object), so kubemu renders each object of kubectl's own
 * `-o json` output and concatenates.
 */
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { compileJsonPath } from './jsonpath';
import { HAS_KUBECTL, requireKubectl } from '../../test/differential/kubectl-oracle';
import { mapLimit, parseJsonStream, runKubectl } from './jsonpath-kubectl-oracle.test-helper';
import { CORPUS_DIR, corpusInput, describeWithInputs, kubectlInput } from '../../test/helpers/required-input';

const CORPUS = path.join(CORPUS_DIR, 'valid');
const PROBE = 'kubemu-probe=1';
const SEP = '@@SEP@@';
const END = '@@END@@';

/** Order-safe templates: compared byte for byte. */
const TEMPLATES = [
  '{.metadata.name}',
  '{.kind}/{.apiVersion}',
  '{.metadata.labels}',
  '{.metadata.labels.kubemu-probe}',
  '{.metadata.labels.app\\.kubernetes\\.io/name}',
  '{.metadata.annotations}',
  '{$.metadata.namespace}',
  '{.spec.replicas}',
  '{.spec.replicas}{"\\t"}{.spec.minReadySeconds}{"\\n"}',
  '{.spec.selector}',
  '{.spec.template.metadata}',
  '{.spec.template.spec.containers[*].name}',
  '{.spec.template.spec.containers[0:1].name}',
  '{.spec.template.spec.containers[-1:].image}',
  '{.spec.template.spec.containers[*].resources}',
  '{.spec.template.spec.containers[*].ports[*].containerPort}',
  '{.spec.template.spec.containers[?(@.ports)].name}',
  '{.spec.template.spec.containers[?(@.name!="x")].image}',
  '{range .spec.template.spec.containers[*]}{.name}={.image}{"\\n"}{end}',
  '{range .spec.template.spec.containers[*]}[{range .ports[*]}{.containerPort},{end}]{end}',
  '{.spec.containers[*].image}',
  '{.spec.containers[*].args}',
  '{range .spec.containers[*]}{.name}{"\\t"}{.command}{"\\n"}{end}',
  '{.spec.ports[*].port}',
  '{.spec.ports[?(@.protocol=="TCP")].port}',
  '{.spec.ports[?(@.port>=80)].targetPort}',
  '{.spec.ports[?(@.port<1000)].name}',
  '{.spec.rules[*].http.paths[*].path}',
  '{.data}',
  '{.spec}',
  "{['kind','apiVersion']}",
  '{.metadata[\'name\']} in {.metadata.namespace}',
  '{.spec.template.spec.volumes[*].name}',
  '{.spec.template.spec.containers[*].env[?(@.value)].name}',
];

/** Templates whose kubectl output order depends on Go map order: compared as sorted tokens. */
const UNORDERED = ['{..image}', '{.metadata.labels.*}', '{..name}'];

function corpusFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...corpusFiles(p));
    else if (/\.(ya?ml|json)$/.test(e)) out.push(p);
  }
  return out;
}

function kubemuRender(objs: unknown[], template: string): { out: string; parts: string[]; error?: string } {
  const compiled = compileJsonPath(template);
  const parts: string[] = [];
  for (const o of objs) {
    try {
      parts.push(compiled.execute(o, true));
    } catch (e) {
      return { out: parts.join(''), parts, error: (e as Error).message };
    }
  }
  return { out: parts.join(''), parts };
}

const sortTokens = (s: string): string => s.split(/\s+/).filter(Boolean).sort().join(' ');

describeWithInputs('jsonpath vs kubectl over the corpus', [kubectlInput(HAS_KUBECTL), corpusInput(CORPUS)], () => {
  it('agrees on every template over every valid manifest', async () => {
    requireKubectl();
    const files = corpusFiles(CORPUS);
    const all = [...TEMPLATES, ...UNORDERED];
    const combined = all.join(SEP) + END;
    const mismatches: string[] = [];
    let agree = 0;
    let fallbacks = 0;
    let total = 0;
    await mapLimit(files, 4, async (file) => {
      // One kubectl run per file: `{$}` (the object as JSON) followed by every template.
      const res = await runKubectl(['label', '--local', '-f', file, PROBE, '-o', `jsonpath={$}${SEP}${combined}`]);
      if (res.code !== 0 && !res.stderr.includes('error executing jsonpath')) return; // not readable by kubectl
      let objs: unknown[];
      if (res.code === 0) {
        objs = res.stdout.split(END).slice(0, -1).map((s) => JSON.parse(s.split(SEP)[0]!));
      } else {
        const json = await runKubectl(['label', '--local', '-f', file, PROBE, '-o', 'json']);
        objs = parseJsonStream(json.stdout);
      }
      if (res.code === 0) {
        const perObject = res.stdout.split(END).slice(0, -1).map((s) => s.split(SEP).slice(1));
        expect(perObject.length).toBe(objs.length);
        all.forEach((t, ti) => {
          const wantParts = perObject.map((parts) => parts[ti]!);
          const want = wantParts.join('');
          const got = kubemuRender(objs, t);
          total++;
          const ok = !got.error && (UNORDERED.includes(t)
            ? wantParts.every((w, i) => sortTokens(w) === sortTokens(got.parts[i] ?? ''))
            : got.out === want);
          if (ok) agree++;
          else mismatches.push(`${file} ${t}\n  kubectl: ${JSON.stringify(want)}\n  kubemu:  ${JSON.stringify(got.out)} ${got.error ?? ''}`);
        });
        return;
      }
      // Some template fails on some object: compare template by template.
      fallbacks++;
      for (const t of all) {
        const one = await runKubectl(['label', '--local', '-f', file, PROBE, '-o', `jsonpath=${t}`]);
        const got = kubemuRender(objs, t);
        total++;
        let ok: boolean;
        if (one.code !== 0) ok = got.error !== undefined && (objs.length !== 1 || one.stderr === `error: ${got.error}`);
        else ok = !got.error && (UNORDERED.includes(t) ? objs.length === 1 && sortTokens(got.out) === sortTokens(one.stdout) : got.out === one.stdout);
        if (ok) agree++;
        else mismatches.push(`${file} ${t}\n  kubectl: ${JSON.stringify(one.stdout + one.stderr)}\n  kubemu:  ${JSON.stringify(got.out)} ${got.error ?? ''}`);
      }
    });
    console.log(`jsonpath corpus agreement: ${agree}/${total} (${files.length} files x ${all.length} templates, ${fallbacks} files compared one template at a time)`);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(agree).toBe(total);
  }, 600_000);
});
