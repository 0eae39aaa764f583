import { describe, expect, it } from 'vitest';
import { INVALID_SEPARATOR, splitYamlDocuments } from './split-documents';

describe('splitYamlDocuments', () => {
  const cases: Array<[string, string, Array<[string, number]>, string?]> = [
    ['one document', 'a: 1\n', [['a: 1\n', 0]]],
    ['no final newline', 'a: 1', [['a: 1\n', 0]]],
    ['separator with comment', 'a: 1\n--- # next\nb: 2\n', [['a: 1\n', 0], ['b: 2\n', 2]]],
    ['leading and repeated separators', '---\n---\na: 1\n---\n', [['a: 1\n', 2]]],
    ['blank document kept for the parser to skip', 'a: 1\n---\n\n---\nb: 2\n', [['a: 1\n', 0], ['\n', 2], ['b: 2\n', 4]]],
    ['CRLF lines become LF', 'a: 1\r\n---\r\nb: |\r\n  x\r\n', [['a: 1\n', 0], ['b: |\n  x\n', 2]]],
    // YAMLReader fails before returning the document it was reading (kubectl prints none).
    ['content after separator', 'a: 1\n--- b: 2\n', [], `${INVALID_SEPARATOR}b: 2`],
    ['four dashes', 'x: 0\n---\na: 1\n----\n', [['x: 0\n', 0]], `${INVALID_SEPARATOR}-`],
    ['dashes inside a line are content', 'a: "---"\n  ---x: 1\n', [['a: "---"\n  ---x: 1\n', 0]]],
  ];
  for (const [name, text, chunks, error] of cases) {
    it(name, () => {
      const r = splitYamlDocuments(text);
      expect(r.chunks.map((c) => [c.text, c.firstLine])).toEqual(chunks);
      expect(r.error).toBe(error);
    });
  }
});
