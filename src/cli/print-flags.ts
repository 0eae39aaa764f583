/**
 * print-flags: kubectl's PrintFlags beside -o — --template, --allow-missing-template-keys and
 * --show-managed-fields — as one flag table, and one reading of them into an OutputSpec.
 */
import { defineFlag, defineFlags } from './flag-table';
import { parseOutput, parsePrintFlagsOutput, type OutputSpec } from './output-spec';

export const SHOW_MANAGED_FIELDS_FLAG = defineFlag(
  { name: 'show-managed-fields', type: 'bool', default: false, help: 'If true, keep the managedFields when printing objects in JSON or YAML format.' },
);

/** TEMPLATE_FLAGS are genericclioptions' GoTemplatePrintFlags, on every command whose -o takes a template. */
export const TEMPLATE_FLAGS = defineFlags([
  { name: 'allow-missing-template-keys', type: 'bool', default: true, help: 'If true, ignore any errors in templates when a field or map key is missing in the template. Only applies to golang and jsonpath output formats.' },
  { name: 'template', type: 'string', default: '', help: 'Template string or path to template file to use when -o=go-template, -o=go-template-file. The template format is golang templates [http://golang.org/pkg/text/template/#pkg-overview].' },
]);

/** PRINT_FLAGS are -o with the template flags and --show-managed-fields: a command's whole PrintFlags. */
export const PRINT_FLAGS = defineFlags([
  { name: 'output', short: 'o', type: 'string', default: '', help: 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).' },
  ...TEMPLATE_FLAGS,
  SHOW_MANAGED_FIELDS_FLAG,
]);

/** PrintFlagValues is what outputOf reads; a command without the template flags reads as not given. */
export type PrintFlagValues = { output?: string; template?: string; 'allow-missing-template-keys'?: boolean };

/**
 * outputOf reads a command's print flags; undefined means its default (human) output. A
 * --template without -o means go-template, as kubectl's PrintFlags have it for backward
 * compatibility; --allow-missing-template-keys=false makes a missing key an error. Only get
 * (withTables) has table printers: elsewhere wide and custom columns are not among the formats.
 */
export function outputOf(flags: PrintFlagValues, set: ReadonlySet<string>, withTables = false): OutputSpec | undefined {
  let value = flags.output;
  // get's own PrintFlags look at -o's value; genericclioptions' at whether -o was given.
  if (flags.template && (withTables ? !value : !set.has('output'))) value = 'go-template';
  if (!value) return undefined;
  const spec = withTables ? parseOutput(value, undefined, flags.template) : parsePrintFlagsOutput(value, flags.template);
  return flags['allow-missing-template-keys'] === false ? { ...spec, allowMissingKeys: false } : spec;
}
