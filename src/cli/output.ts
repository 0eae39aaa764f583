/**
 * output: the -o formats for printing objects — yaml, json, name, jsonpath, custom-columns —
 * as a name→printer map, with kubectl's List wrapper and error texts.
 */
import type { KubeObject } from '../api/meta';
import { kindPrefix, type Registry } from '../api/registry';
import { toJson } from '../yaml/write-json';
import { toYaml } from '../yaml/write-yaml';
import { compileJsonPath } from '../printers/jsonpath';
import { compileGoTemplate, TemplateExecError, TemplateSyntaxError } from '../printers/go-template';
import { formatGoValue, marshalGoJson } from '../printers/jsonpath-go-format';
import { goQuote } from '../api/go-quote';
import { goJsonMarshal } from './generators/go-json';
import { parseCustomColumnsFile, parseCustomColumnsSpec, renderCustomColumns } from '../printers/custom-columns';
import { CliError } from './errors';
import type { OutputSpec } from './output-spec';

export { ALLOWED_FORMATS, parseOutput, parsePrintFlagsOutput, type OutputSpec } from './output-spec';

/** listWrapper is kubectl's List around several objects. */
export function listWrapper(items: KubeObject[]): KubeObject {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } } as unknown as KubeObject;
}

/** YAML_SEPARATOR is what kubectl's YAML printer writes before each object after its first. */
export const YAML_SEPARATOR = '---\n';

/**
 * printObjects prints objects in a non-table format; single is true for one named object.
 * YAML and JSON leave out metadata.managedFields unless showManagedFields (kubectl's
 * OmitManagedFieldsPrinter); the other formats see the object whole.
 */
export function printObjects(objs: KubeObject[], spec: OutputSpec, single: boolean, registry: Registry, noHeaders?: boolean, showManagedFields = false): string {
  const data: unknown = single && objs.length === 1 ? objs[0] : listWrapper(objs);
  const shown = () => (showManagedFields ? data : withoutManagedFields(data));
  const allowMissing = spec.allowMissingKeys !== false;
  switch (spec.kind) {
    case 'yaml': return toYaml(shown());
    case 'json': return toJson(shown());
    // A nameless object (kubectl config view's Config) is "<unknown>", as kubectl's NamePrinter has it.
    case 'name': return objs.map((o) => `${namePrefix(o, registry)}/${o.metadata?.name || '<unknown>'}\n`).join('');
    case 'jsonpath': return compileJsonPath(spec.arg!).execute(data, allowMissing);
    case 'jsonpath-as-json': return compileJsonPath(spec.arg!).executeAsJson(data, allowMissing);
    case 'go-template': return printGoTemplate(spec.arg!, data, allowMissing);
    case 'custom-columns': {
      const cols = spec.arg!.startsWith('@file:') ? parseCustomColumnsFile(spec.arg!.slice(6)) : parseCustomColumnsSpec(spec.arg!);
      return renderCustomColumns(cols, objs, { noHeaders: !!noHeaders });
    }
    default: throw new CliError(`unsupported output format ${spec.kind}`);
  }
}

/**
 * printGoTemplate runs -o go-template as kubectl's printer does: a parse error is one line; an
 * execution error prints kubectl's debugging dump on stdout, then the error. Its raw data is
 * the object's JSON: a map's sorted keys, or a typed object's fields in their struct's order.
 */
function printGoTemplate(template: string, data: unknown, allowMissing: boolean, rawJson: (data: unknown) => string = marshalGoJson): string {
  let tmpl;
  try {
    tmpl = compileGoTemplate(template);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) throw new CliError(`error parsing template ${template}, ${e.message}`);
    throw e;
  }
  try {
    return tmpl.execute(data, allowMissing);
  } catch (e) {
    if (!(e instanceof TemplateExecError)) throw e;
    const dump = `Error executing template: ${e.message}. Printing more information for debugging the template:\n`
      + `\ttemplate was:\n\t\t${template}\n\traw data was:\n\t\t${rawJson(data)}\n`
      + `\tobject given to template engine was:\n\t\t${formatGoValue(data)}\n\n`;
    throw new CliError(`error executing template ${goQuote(template)}: ${e.message}`, 1, dump);
  }
}

/** namePrefix is "deployment.apps" for an object: its kind, lower-cased, and the group of its apiVersion. */
export function namePrefix(obj: KubeObject, registry: Registry): string {
  const slash = typeof obj.apiVersion === 'string' ? obj.apiVersion.indexOf('/') : -1;
  const group = slash < 0 ? '' : obj.apiVersion.slice(0, slash);
  const info = registry.forStorageKind(obj.kind);
  // The object's own group names it (an events.k8s.io Event is stored as a core one).
  if (info && (info.group === group || typeof obj.apiVersion !== 'string')) return kindPrefix(info);
  return slash < 0 ? obj.kind.toLowerCase() : `${obj.kind.toLowerCase()}.${group}`;
}

/**
 * printTypedObject prints an object in its Go struct's shape (toTypedObject), as kubectl's typed
 * clients print what they decoded: JSON keeps the struct's field order; the other formats are
 * printObjects'. managedFields are left out unless shown, as everywhere.
 */
export function printTypedObject(obj: KubeObject, spec: OutputSpec, registry: Registry, showManagedFields: boolean): string {
  if (spec.kind === 'json') return toJson(showManagedFields ? obj : withoutManagedFields(obj), { sortKeys: false });
  if (spec.kind === 'go-template') return printGoTemplate(spec.arg!, obj, spec.allowMissingKeys !== false, goJsonMarshal);
  return printObjects([obj], spec, true, registry, false, showManagedFields);
}

/** withoutManagedFields is an object (or a List's items) without metadata.managedFields; others as they are. */
function withoutManagedFields(data: unknown): unknown {
  const obj = data as KubeObject & { items?: unknown[] };
  if (!obj || typeof obj !== 'object') return data;
  if (Array.isArray(obj.items)) return { ...obj, items: obj.items.map(withoutManagedFields) };
  if (!obj.metadata?.managedFields) return data;
  const { managedFields: _m, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}
