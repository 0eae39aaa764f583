/**
 * sarif: the report as SARIF 2.1.0, the format code-scanning tools read (GitHub code
 * scanning, Azure DevOps, GitLab): one run whose tool driver lists every rule with its
 * default level, and one result per finding with its rule, level, message and file region.
 * Levels map error → error, warning → warning, info → note. No timestamps: byte-identical.
 */
import type { CheckReport } from '../model';
import { RULE_TABLE, type Level } from '../rules';

/** SARIF_SCHEMA is the schema URI SARIF 2.1.0 files name. */
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** TOOL_NAME, TOOL_VERSION and TOOL_URI describe the driver. */
export const TOOL_NAME = 'kubemu check';
export const TOOL_VERSION = '0.1.0';
export const TOOL_URI = 'https://github.com/kubemu/kubemu/blob/main/docs/check.md';

const sarifLevel = (l: Level): 'error' | 'warning' | 'note' => (l === 'info' ? 'note' : l);

/** renderSarif renders the report as a SARIF 2.1.0 log. */
export function renderSarif(r: CheckReport): string {
  const index = new Map(RULE_TABLE.map((rule, i) => [rule.id, i]));
  const result = (ruleId: string, level: Level, text: string, file: string, line: number) => ({
    ruleId,
    ruleIndex: index.get(ruleId) ?? -1,
    level: sarifLevel(level),
    message: { text },
    locations: [{ physicalLocation: { artifactLocation: { uri: file }, region: { startLine: line, startColumn: 1 } } }],
  });
  const results = r.files.flatMap((file) => [
    ...r.fileErrors.filter((e) => e.file === file).map((e) => result(e.rule, e.level, e.message, e.file, e.line)),
    ...r.objects.filter((o) => o.file === file).flatMap((o) => o.findings.map((f) => result(f.rule, f.level, `${o.display}: ${f.message}`, o.file, o.line))),
  ]);
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: TOOL_NAME,
          version: TOOL_VERSION,
          informationUri: TOOL_URI,
          rules: RULE_TABLE.map((rule) => ({ id: rule.id, shortDescription: { text: rule.summary }, defaultConfiguration: { level: sarifLevel(rule.level) } })),
        },
      },
      results,
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
