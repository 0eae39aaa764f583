/**
 * yaml-to-json: apimachinery's yaml.ToJSON, which `kubectl patch` reads its patch with. Text
 * whose first non-space character is "{" is JSON and passed on as it is, so a syntax error in
 * it is the reader's (the server's, or the patch code's); any other text is one YAML document
 * (the first), converted as sigs.k8s.io/yaml converts it into a JSON value of any type.
 */
import { parseEvents } from 'js-yaml';
import { constructDocument } from './construct';
import { unmarshalSyntaxError, MAX_NESTING_DEPTH } from './json-stream';
import { yamlErrorText } from './read-manifests';
import { splitYamlDocuments } from './split-documents';

/** JsonText is the JSON such text stands for: a value, or (JSON that is not) the syntax error json.Unmarshal gives for it. */
export type JsonText = { value: unknown } | { syntaxError: string };

/** jsonText reads text as JSON: its value, or json.Unmarshal's syntax error for it. */
export function jsonText(text: string): JsonText {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { syntaxError: unmarshalSyntaxError(Buffer.from(text)) ?? 'unexpected end of JSON input' };
  }
}

/** YamlToJsonError is the YAML reader's failure ("yaml: line 1: …"). */
export class YamlToJsonError extends Error {}

/** toJsonText converts text as yaml.ToJSON does; throws YamlToJsonError for YAML that cannot be read. */
export function toJsonText(text: string): JsonText {
  if (/^\s*\{/.test(text)) return jsonText(text);
  // The text itself when it is one document: an error's line depends on its last newline.
  const chunks = splitYamlDocuments(text).chunks;
  const first = chunks.length > 1 ? chunks[0]!.text : text;
  try {
    const r = constructDocument(parseEvents(first, { maxDepth: MAX_NESTING_DEPTH }), first);
    return { value: r === undefined ? null : r.value };
  } catch (e) {
    throw new YamlToJsonError(yamlErrorText(e, first));
  }
}
