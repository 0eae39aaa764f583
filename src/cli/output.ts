/**
 * output: the -o formats for printing objects — yaml, json, name, jsonpath, custom-columns —
 * as a name→printer map, with kubectl's List wrapper and error texts.
 */
import * as fs from 'node:fs';
import type { KubeObject } from '../api/meta';
import { kindPrefix, type Registry } from '../api/registry';
import { toJson } from '../yaml/write-json';
import { toYaml } from '../yaml/write-yaml';
import { compileJsonPath } from '../printers/jsonpath';
import { parseCustomColumnsFile, parseCustomColumnsSpec, renderCustomColumns } from '../printers/custom-columns';
import { CliError } from './errors';

/** ALLOWED_FORMATS is kubectl get's list, as its error message prints it. */
export const ALLOWED_FORMATS = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** OutputSpec is a parsed -o value. */
export interface OutputSpec { kind: 'table' | 'wide' | 'yaml' | 'json' | 'name' | 'jsonpath' | 'jsonpath-as-json' | 'custom-columns'; arg?: string }

/** parseOutput parses -o; throws kubectl's "unable to match a printer" error. */
export function parseOutput(value: string | undefined, allowed = ALLOWED_FORMATS): OutputSpec {
  if (!value) return { kind: 'table' };
  const eq = value.indexOf('=');
  const name = eq < 0 ? value : value.slice(0, eq);
  const arg = eq < 0 ? undefined : value.slice(eq + 1);
  switch (name) {
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

/** listWrapper is kubectl's List around several objects. */
export function listWrapper(items: KubeObject[]): KubeObject {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } } as unknown as KubeObject;
}

/** printObjects prints objects in a non-table format; single is true for one named object. */
export function printObjects(objs: KubeObject[], spec: OutputSpec, single: boolean, registry: Registry, noHeaders?: boolean): string {
  const data: unknown = single && objs.length === 1 ? objs[0] : listWrapper(objs);
  switch (spec.kind) {
    case 'yaml': return toYaml(data);
    case 'json': return toJson(data);
    case 'name': return objs.map((o) => `${namePrefix(o, registry)}/${o.metadata.name}\n`).join('');
    case 'jsonpath': return compileJsonPath(spec.arg!).execute(data, true);
    case 'jsonpath-as-json': return compileJsonPath(spec.arg!).executeAsJson(data, true);
    case 'custom-columns': {
      const cols = spec.arg!.startsWith('@file:') ? parseCustomColumnsFile(spec.arg!.slice(6)) : parseCustomColumnsSpec(spec.arg!);
      return renderCustomColumns(cols, objs, { noHeaders: !!noHeaders });
    }
    default: throw new CliError(`unsupported output format ${spec.kind}`);
  }
}

/** namePrefix is "deployment.apps" for an object. */
export function namePrefix(obj: KubeObject, registry: Registry): string {
  const info = registry.forStorageKind(obj.kind);
  return info ? kindPrefix(info) : obj.kind.toLowerCase();
}
