/**
 * output-spec: parsing -o — kubectl's format names, their arguments and error texts. Apart
 * from the printers themselves (output.ts), so a command can read -o without loading them.
 */
import * as fs from 'node:fs';
import { CliError } from './errors';

/** ALLOWED_FORMATS is kubectl get's list, as its error message prints it. */
export const ALLOWED_FORMATS = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/**
 * PRINT_FLAGS_FORMATS are the formats of commands whose -o is genericclioptions' PrintFlags
 * alone (no table printer: rollout history, events), as their error lists them.
 */
export const PRINT_FLAGS_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** parsePrintFlagsOutput parses such a command's -o (and --template); wide and custom columns are not among its formats. */
export function parsePrintFlagsOutput(value: string, template?: string): OutputSpec {
  const spec = parseOutput(value, PRINT_FLAGS_FORMATS, template);
  if (spec.kind === 'wide' || spec.kind === 'custom-columns') {
    throw new CliError(`unable to match a printer suitable for the output format "${value}", allowed formats are: ${PRINT_FLAGS_FORMATS}`);
  }
  return spec;
}

/** OutputSpec is a parsed -o value. */
export interface OutputSpec {
  kind: 'table' | 'wide' | 'yaml' | 'json' | 'name' | 'jsonpath' | 'jsonpath-as-json' | 'custom-columns' | 'go-template';
  arg?: string;
  /** allowMissingKeys false (--allow-missing-template-keys=false) makes a template's missing key an error. */
  allowMissingKeys?: boolean;
}

/**
 * parseOutput parses -o; throws kubectl's "unable to match a printer" error. `template` is
 * --template, the template of -o go-template|jsonpath given apart (kubectl get's flag).
 */
export function parseOutput(value: string | undefined, allowed = ALLOWED_FORMATS, template?: string): OutputSpec {
  if (!value) return { kind: 'table' };
  const eq = value.indexOf('=');
  const name = eq < 0 ? value : value.slice(0, eq);
  const arg = eq < 0 ? template || undefined : value.slice(eq + 1);
  switch (name) {
    case 'go-template': case 'template':
      if (arg === undefined) throw new CliError('template format specified but no template given');
      return { kind: 'go-template', arg };
    case 'go-template-file': case 'templatefile': return { kind: 'go-template', arg: readTemplate(arg) };
    case 'wide': case 'yaml': case 'json': case 'name': return { kind: name };
    case 'jsonpath': case 'jsonpath-as-json':
      if (arg === undefined) throw new CliError('template format specified but no template given');
      return { kind: name, arg };
    case 'jsonpath-file': return { kind: 'jsonpath', arg: readTemplate(arg) };
    case 'custom-columns':
      if (!arg) throw new CliError('custom-columns format specified but no custom columns given');
      return { kind: 'custom-columns', arg };
    case 'custom-columns-file': return { kind: 'custom-columns', arg: `@file:${readTemplate(arg)}` };
    default:
      throw new CliError(`unable to match a printer suitable for the output format "${value}", allowed formats are: ${allowed}`);
  }
}

function readTemplate(file: string | undefined): string {
  if (!file) throw new CliError('template format specified but no template given');
  try { return fs.readFileSync(file, 'utf8'); } catch { throw new CliError(`error reading template ${file}, open ${file}: no such file or directory`); }
}
