/**
 * corpus-index: reads the shared manifest corpus's INDEX.tsv (which files a real API
 * server accepts or rejects, and why) for the conformance tests.
 */
import * as fs from 'node:fs';

import { CORPUS_DIR, CORPUS_INDEX } from '../helpers/required-input';

export { CORPUS_DIR };

export interface CorpusRow {
  file: string;
  kinds: string;
  expect: 'valid' | 'invalid';
  expectedError: string;
  notes: string[];
  needsNs: string[];
  applyFirst: string[];
}

/** readCorpusIndex parses INDEX.tsv, or returns undefined when the corpus is not there. */
export function readCorpusIndex(): CorpusRow[] | undefined {
  if (!fs.existsSync(CORPUS_INDEX)) return undefined;
  const [, ...lines] = fs.readFileSync(CORPUS_INDEX, 'utf8').split('\n').filter((l) => l.trim());
  return lines.map((line) => {
    const [file, , kinds, expect, expectedError, notesText] = line.split('\t');
    const notes = (notesText ?? '').split('; ').filter(Boolean);
    const pick = (prefix: string) => notes.filter((n) => n.startsWith(prefix)).flatMap((n) => n.slice(prefix.length).split(',')).map((s) => s.trim());
    return {
      file: file!, kinds: kinds ?? '', expect: expect as 'valid' | 'invalid', expectedError: expectedError ?? '',
      notes, needsNs: pick('needs-ns='), applyFirst: pick('apply-first='),
    };
  });
}
