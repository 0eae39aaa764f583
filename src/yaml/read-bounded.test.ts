import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_STREAM_DOCUMENTS, readBounded, readBoundedFd, readBoundedText } from './read-bounded';
import { MAX_DOCUMENT_BYTES } from './read-manifests';

const CM = (name: string, data = ''): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${data}`;

describe('readBounded: a manifest stream read within bounds', () => {
  it('stops reading an endless device once its one document passes 3 MiB', { timeout: 10_000 }, () => {
    const fd = fs.openSync('/dev/zero', 'r');
    try {
      const r = readBoundedFd(fd);
      expect(r.stop).toBe('document-too-large');
      expect(r.text).toBe('');
      expect(r.index).toBe(0);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('keeps the documents before the oversized one', () => {
    const big = CM('big', `data:\n  x: "${'a'.repeat(MAX_DOCUMENT_BYTES + 70_000)}"\n`);
    const r = readBoundedText(`${CM('a')}---\n${CM('b')}---\n${big}---\n${CM('c')}`);
    expect(r.stop).toBe('document-too-large');
    expect(r.index).toBe(2);
    expect(r.text).toBe(`${CM('a')}---\n${CM('b')}`);
  });

  it('reads a YAML stream of small documents larger than 3 MiB in total whole', () => {
    const doc = CM('x', `data:\n  k: "${'v'.repeat(100_000)}"\n`);
    const text = Array(40).fill(doc).join('---\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    expect(readBoundedText(text)).toEqual({ text, index: 0 });
  });

  it('reads a JSON stream of small objects larger than 3 MiB in total whole', () => {
    const obj = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { k: '}{'.repeat(50_000) } });
    const text = Array(40).fill(obj).join('\n');
    expect(readBoundedText(text)).toEqual({ text, index: 0 });
  });

  it('stops inside a JSON object that passes 3 MiB', () => {
    const r = readBoundedText(`{"kind":"A"} {"kind":"B","x":"${'\\"'.repeat(MAX_DOCUMENT_BYTES)}`);
    expect(r).toEqual({ text: '{"kind":"A"} ', stop: 'document-too-large', index: 1 });
  });

  it('stops an endless stream of empty documents', () => {
    const r = readBoundedText('---\n'.repeat(MAX_STREAM_DOCUMENTS + 10));
    expect(r.stop).toBe('stream-too-long');
  });

  it('finds the same boundaries whatever the chunks (lines are skipped to their end)', () => {
    const long = `data:\n${'  k: v\n'.repeat(MAX_DOCUMENT_BYTES / 7 + 20_000)}`;
    const texts = [
      `${CM('a')}---\n${CM('b', long)}---\n${CM('c')}`,
      `${CM('a')}\n--- \n${CM('b')}----\n${CM('c', long)}`,
      `${CM('a')}---\n---\n${CM('b', `data:\n  x: "${'a'.repeat(MAX_DOCUMENT_BYTES + 70_000)}"\n`)}`,
    ];
    for (const text of texts) {
      const bytes = Buffer.from(text, 'utf8');
      const whole = readBoundedText(text);
      expect(whole.stop).toBe('document-too-large');
      for (const size of [997, 4093, 65_536]) {
        let at = 0;
        const r = readBounded(() => (at < bytes.length ? bytes.subarray(at, (at += size)) : undefined));
        expect(r).toEqual(whole);
      }
    }
  });

  it('reads a regular file whole with the outcome a stream of chunks has', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-bounded-'));
    const texts = [
      `${CM('a')}---\n${CM('b')}`,
      `\uFEFF---\n${CM('a')}\n---\n${CM('b')}`,
      '---\n'.repeat(MAX_STREAM_DOCUMENTS + 10),
      `${'---\n'.repeat(MAX_STREAM_DOCUMENTS - 1)}${CM('last')}`,
      ` \n{"kind":"A"}\n${'{}'.repeat(MAX_STREAM_DOCUMENTS + 5)}`,
      '',
    ];
    try {
      texts.forEach((text, i) => {
        const file = path.join(dir, `s${i}.yaml`);
        fs.writeFileSync(file, text);
        const fd = fs.openSync(file, 'r');
        try {
          expect(readBoundedFd(fd)).toEqual(readBoundedText(text));
        } finally {
          fs.closeSync(fd);
        }
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
