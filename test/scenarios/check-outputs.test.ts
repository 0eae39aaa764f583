/**
 * kubemu check's output formats, exact: json, junit and github against golden files in
 * testdata/check (the JUnit shape CI systems read is asserted too), --output-file, -R,
 * and the kind profile's single untainted node.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_DATA, checkRunner } from '../helpers/check-cli';

const DATA = CHECK_DATA;
const check = checkRunner();
const golden = (name: string) => fs.readFileSync(path.join(DATA, name), 'utf8');

describe('kubemu check outputs', () => {
  for (const format of ['text', 'json', 'junit', 'github']) {
    it(`renders ${format} exactly`, () => {
      const r = check(`mixed.yaml -o ${format}`);
      expect([r.code, r.stderr]).toEqual([1, '']);
      expect(r.stdout).toBe(golden(`expected-mixed.${format}`));
    });
  }

  it('writes JUnit XML in the shape CI systems read: suites per file, cases per object × phase, failures typed by rule', () => {
    const xml = check('mixed.yaml good.yaml -o junit').stdout;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="kubemu check" tests="9" failures="1" errors="0" skipped="0">\n')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml.match(/<testcase /g)).toHaveLength(9);
    expect(xml).toContain('<failure type="KM040-service-no-pods" message="service &quot;lonely&quot; has no endpoints');
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('escapes GitHub annotation properties and messages', async () => {
    const { escapeData, escapeProperty } = await import('../../src/check/output/github');
    expect(escapeProperty('a,b:c%\n')).toBe('a%2Cb%3Ac%25%0A');
    expect(escapeData('a,b:c%\r\n')).toBe('a,b:c%25%0D%0A');
  });

  it('writes the report to --output-file and the summary to stdout', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-check-report-'));
    const r = check(`mixed.yaml -o junit --output-file ${path.join(out, 'report.xml')}`);
    expect(r.stdout).toBe('2 objects in 1 file: 1 passed, 1 failed (until ready, profile kubeadm, seed 1, simulated 0s)\n');
    expect(fs.readFileSync(path.join(out, 'report.xml'), 'utf8')).toBe(golden('expected-mixed.junit'));
    fs.rmSync(out, { recursive: true, force: true });
    expect(fs.readdirSync(r.home.dir)).toEqual([]);
  });

  it('reads a directory, recursing only with -R', () => {
    const flat = check('tree -o json').stdout;
    const deep = check('tree -R -o json').stdout;
    const files = (s: string) => (JSON.parse(s) as { files: { file: string }[] }).files.map((f) => f.file);
    expect(files(flat)).toEqual(['tree/top.yaml']);
    expect(files(deep)).toEqual(['tree/sub/app.yaml', 'tree/top.yaml']);
  });

  it("checks against kind's one node, which takes workloads", () => {
    const r = check('unschedulable.yaml --profile kind --until scheduled -o github');
    expect(r.stdout.split('\n')[0]).toBe('::error file=unschedulable.yaml,line=1,title=KM010-unschedulable::deployment.apps/big -n default: 0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..');
    expect(check('good.yaml --profile kind').code).toBe(0);
  });
});
