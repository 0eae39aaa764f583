/**
 * Splitting a YAML stream into documents the way kubectl does, before any YAML parsing.
 *
 * Mirrors kubernetes/apimachinery pkg/util/yaml/decoder.go YAMLReader.Read: the stream is
 * read line by line (bufio ReadLine, so `\r\n` becomes `\n`), a line starting with `---`
 * ends the current document, and only spaces or a `#` comment may follow the `---`.
 * Each chunk is then parsed on its own, which is why go-yaml's line numbers in kubectl
 * errors count from the start of the document, not of the file.
 */

/** INVALID_SEPARATOR is the error text for content after `---` (kubectl's capital Y). */
export const INVALID_SEPARATOR = 'invalid Yaml document separator: ';

/** YamlChunk is one document's text, with its 0-based first line in the whole stream. */
export interface YamlChunk {
  text: string;
  firstLine: number;
}

/** SplitResult holds the chunks read before any separator error, and that error's text. */
export interface SplitResult {
  chunks: YamlChunk[];
  error?: string;
}

/** splitYamlDocuments cuts a (BOM-free) YAML stream into per-document chunks. */
export function splitYamlDocuments(text: string): SplitResult {
  // Fast path: without "\r" every line is already as ReadLine would return it, so the
  // stream can be sliced at separator lines instead of rebuilt line by line.
  if (!text.includes('\r')) return splitFast(text);
  return splitByLines(text);
}

const SEPARATOR_LINE = /^---.*$/gm;

function splitFast(text: string): SplitResult {
  const chunks: YamlChunk[] = [];
  let start = 0;
  let startLine = 0;
  let lineCursor = 0;
  let line = 0;
  const lineOf = (pos: number): number => {
    for (let i = text.indexOf('\n', lineCursor); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) {
      line++;
      lineCursor = i + 1;
    }
    return line;
  };
  const push = (end: number): void => {
    if (end > start) chunks.push({ text: ensureNewline(text.slice(start, end)), firstLine: startLine });
  };
  SEPARATOR_LINE.lastIndex = 0;
  for (let m = SEPARATOR_LINE.exec(text); m !== null; m = SEPARATOR_LINE.exec(text)) {
    const rest = m[0].slice(3).trim();
    if (rest.length > 0 && rest[0] !== '#') return { chunks, error: INVALID_SEPARATOR + rest };
    push(m.index);
    start = m.index + m[0].length + 1;
    startLine = lineOf(m.index) + 1;
  }
  push(text.length);
  return { chunks };
}

function ensureNewline(s: string): string {
  return s.endsWith('\n') ? s : s + '\n';
}

function splitByLines(text: string): SplitResult {
  const chunks: YamlChunk[] = [];
  let buf: string[] = [];
  let bufStart = 0;
  let line = 0;
  let pos = 0;
  const n = text.length;
  while (pos < n) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = n;
    let l = text.slice(pos, end);
    // bufio.ReadLine drops the "\r" of a "\r\n" ending.
    if (l.endsWith('\r') && end < n) l = l.slice(0, -1);
    pos = end + 1;
    if (l.startsWith('---')) {
      const rest = l.slice(3).trim();
      if (rest.length > 0 && rest[0] !== '#') return { chunks, error: INVALID_SEPARATOR + rest };
      if (buf.length > 0) chunks.push({ text: buf.join(''), firstLine: bufStart });
      buf = [];
      bufStart = line + 1;
    } else {
      if (buf.length === 0) bufStart = line;
      buf.push(l + '\n');
    }
    line++;
  }
  if (buf.length > 0) chunks.push({ text: buf.join(''), firstLine: bufStart });
  return { chunks };
}
