import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, TOO_LARGE_MESSAGE, readManifestStream } from './read-manifests';

describe('the 3 MiB request bound counts UTF-8 bytes', () => {
  it('refuses a YAML document of fewer than 3 Mi characters but more than 3 MiB of bytes', () => {
    const chars = Math.ceil(MAX_DOCUMENT_BYTES / 3) + 10;
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cjk\ndata:\n  x: "${'漢'.repeat(chars)}"\n`;
    expect(text.length).toBeLessThan(MAX_DOCUMENT_BYTES);
    const r = readManifestStream(text, 'cjk.yaml');
    expect(r.errors.map((e) => [e.kind, e.message])).toEqual([['too-large', TOO_LARGE_MESSAGE]]);
    expect(r.docs).toEqual([]);
  });
});
