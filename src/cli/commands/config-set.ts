/**
 * config-set: `kubectl config set` and `config unset` — one value of the kubeconfig named by
 * a dotted path over clientcmd's internal Config (its JSON names: `users.NAME.act-as`, not the
 * file's `as`), walked as kubectl's navigation steps walk it (pkg/cmd/config/set.go,
 * navigation_step_parser.go), with its messages.
 */
import { decodeBase64, stdBase64Error } from '../../api/go-base64';
import { defineCommand, type Command } from '../command';
import { CliError } from '../errors';
import { goParseBool } from '../../api/go-parse-bool';
import type { Kubeconfig } from '../kubeconfig/kubeconfig';
import { goStrings, helpErrorf, loaded, saveEdit } from './config-edit';

/** Shape is a field's Go type, as far as the walk needs it. */
type Shape =
  | { kind: 'string' | 'bool' | 'bytes' | 'strings' | 'pointer' | 'opaque-map' }
  | { kind: 'struct'; name: string; fields: Record<string, Shape> }
  | { kind: 'map'; of: StructShape };
type StructShape = Extract<Shape, { kind: 'struct' }>;

const str: Shape = { kind: 'string' };
const bool: Shape = { kind: 'bool' };
const bytes: Shape = { kind: 'bytes' };
// map[string]runtime.Object: kubectl cannot walk into it.
const extensions: Shape = { kind: 'opaque-map' };

const CLUSTER: StructShape = { kind: 'struct', name: 'api.Cluster', fields: {
  '-': str, server: str, 'tls-server-name': str, 'insecure-skip-tls-verify': bool, 'certificate-authority': str,
  'certificate-authority-data': bytes, 'proxy-url': str, 'disable-compression': bool, extensions,
} };
const AUTH_INFO: StructShape = { kind: 'struct', name: 'api.AuthInfo', fields: {
  '-': str, 'client-certificate': str, 'client-certificate-data': bytes, 'client-key': str, 'client-key-data': bytes,
  token: str, tokenFile: str, 'act-as': str, 'act-as-uid': str, 'act-as-groups': { kind: 'strings' },
  'act-as-user-extra': { kind: 'opaque-map' }, username: str, password: str,
  'auth-provider': { kind: 'pointer' }, exec: { kind: 'pointer' }, extensions,
} };
const CONTEXT: StructShape = { kind: 'struct', name: 'api.Context', fields: { '-': str, cluster: str, user: str, namespace: str, extensions } };
const CONFIG: StructShape = { kind: 'struct', name: 'api.Config', fields: {
  kind: str, apiVersion: str,
  preferences: { kind: 'struct', name: 'api.Preferences', fields: { colors: bool, extensions } },
  clusters: { kind: 'map', of: CLUSTER }, users: { kind: 'map', of: AUTH_INFO }, contexts: { kind: 'map', of: CONTEXT },
  'current-context': str, extensions,
} };

/** The internal names whose field in the file (v1) is spelled otherwise. */
const V1_NAMES: Record<string, string> = { 'act-as': 'as', 'act-as-uid': 'as-uid', 'act-as-groups': 'as-groups', 'act-as-user-extra': 'as-user-extra' };

/** Step is one navigation step: a field of a struct, or a key of a map (keys may hold dots). */
interface Step { value: string; shape: Shape }

// A pointer's address in kubectl's messages (Go prints the live one); kubemu prints a fixed one.
const ADDRESS = '0xc000010000';

/** navigationSteps splits a property path as kubectl's newNavigationSteps does. */
function navigationSteps(path: string): Step[] {
  const parts = path.split('.');
  const steps: Step[] = [];
  let shape: Shape = CONFIG;
  for (let i = 0; i < parts.length;) {
    if (shape.kind === 'map') {
      // A key runs until the first later part that names a field of the value.
      const fields = shape.of.fields;
      const next = parts.slice(i + 1).findIndex((p) => Object.hasOwn(fields, p));
      const count = next < 0 ? parts.length - i : next + 1;
      steps.push({ value: parts.slice(i, i + count).join('.'), shape: shape.of });
      i += count;
      shape = shape.of;
    } else if (shape.kind === 'struct') {
      const field: Shape | undefined = Object.hasOwn(shape.fields, parts[i]!) ? shape.fields[parts[i]!] : undefined;
      if (!field) throw new CliError(`unable to parse ${path} after [${steps.map((s) => `{${s.value} ${ADDRESS}}`).join(' ')}] at ${shape.name}`);
      if (field.kind === 'opaque-map') throw new CliError(`unable to parse one or more field values of ${path}`);
      steps.push({ value: parts[i]!, shape: field });
      i += 1;
      shape = field;
    } else {
      throw new CliError(`unable to parse one or more field values of ${path}`);
    }
  }
  return steps;
}

type Entry = Record<string, unknown>;
const SECTIONS: ReadonlySet<string> = new Set(['clusters', 'users', 'contexts']);

/**
 * modify sets (or, with value undefined, unsets) the property the steps name in cfg, as
 * kubectl's modifyConfig does: a missing map entry is created by a set and refused by an unset.
 */
function modify(cfg: Kubeconfig, steps: Step[], value: string | undefined, rawBytes: boolean): void {
  const unset = value === undefined;
  const [top, key, field] = steps;
  if (!top) throw new CliError('you must specify a property');
  if (SECTIONS.has(top.value)) {
    const section = top.value as 'clusters' | 'users' | 'contexts';
    const map = cfg[section] as Map<string, Entry>;
    // The map itself, or one of its entries whole: an unset clears it, a set cannot.
    if (!key || !field) {
      if (!unset) throw new CliError(`can't set a map to a value: map[${[...map.keys()].sort().map((k) => `${k}:${ADDRESS}`).join(' ')}]`);
      if (key) map.delete(key.value);
      else map.clear();
      return;
    }
    let entry = map.get(key.value);
    if (!entry) {
      if (unset) throw new CliError(`current map key \`${key.value}\` is invalid`);
      entry = {};
      map.set(key.value, entry);
    }
    setField(entry, field, value, rawBytes, section);
    return;
  }
  switch (top.value) {
    case 'current-context':
      cfg.currentContext = value ?? '';
      return;
    case 'preferences':
      if (!key) {
        if (unset) { cfg.preferences = {}; return; }
        throw new CliError(`unable to locate path {${top.value} ${ADDRESS}} under {false map[]}`);
      }
      setField(cfg.preferences as Entry, key, value, rawBytes, 'preferences');
      return;
    default:
      // kind and apiVersion are read into the internal Config and never written back.
  }
}

/** setField sets or unsets one field of an entry, converting the value for its type. */
function setField(entry: Entry, step: Step, value: string | undefined, rawBytes: boolean, section: string): void {
  const name = V1_NAMES[step.value] ?? step.value;
  // LocationOfOrigin (`-`) is kept in memory only.
  if (name === '-') return;
  if (value === undefined) {
    // The zero value: written as "" where the file always has the field, else left out.
    if ((section === 'clusters' && name === 'server') || (section === 'contexts' && (name === 'cluster' || name === 'user'))) entry[name] = '';
    else delete entry[name];
    return;
  }
  switch (step.shape.kind) {
    case 'string':
      entry[name] = value;
      return;
    case 'bool':
      entry[name] = toBool(value);
      if (!entry[name]) delete entry[name];
      return;
    case 'bytes':
      entry[name] = rawBytes ? Buffer.from(value).toString('base64') : canonicalBase64(value);
      return;
    case 'strings':
      throw new CliError('unrecognized slice type. string');
    default:
      throw new CliError(`unable to parse one or more field values of ${step.value}`);
  }
}

/** toBool is kubectl's toBool: strconv.ParseBool, with an empty value false. */
function toBool(v: string): boolean {
  if (v === '') return false;
  const b = goParseBool(v);
  if (b !== undefined) return b;
  throw new CliError(`strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
}

/** canonicalBase64 decodes as Go's base64.StdEncoding does and encodes the bytes again. */
function canonicalBase64(v: string): string {
  const err = stdBase64Error(v);
  if (err) throw new CliError(`error decoding input value: ${err}`);
  return decodeBase64(v).toString('base64');
}

/** configSetCommand is `kubectl config set`. */
export const configSetCommand: Command = defineCommand({
  name: 'set', short: 'Set an individual value in a kubeconfig file', usage: 'kubectl config set PROPERTY_NAME PROPERTY_VALUE [options]',
  flags: [{ name: 'set-raw-bytes', type: 'bool', default: false, noOptDefault: 'true', help: 'When writing a []byte PROPERTY_VALUE, write the given string directly without base64 decoding.' }],
  run(ctx) {
    if (ctx.args.length !== 2) helpErrorf(ctx, configSetCommand, `Unexpected args: ${goStrings(ctx.args)}`);
    const [property, value] = ctx.args as [string, string];
    if (!value) throw new CliError('you cannot use set to unset a property');
    if (!property) throw new CliError('you must specify a property');
    const l = loaded(ctx);
    const steps = navigationSteps(property);
    saveEdit(l, (cfg) => modify(cfg, steps, value, !!ctx.flags['set-raw-bytes']));
    ctx.io.out(`Property ${JSON.stringify(property)} set.\n`);
    return 0;
  },
});

/** configUnsetCommand is `kubectl config unset`. */
export const configUnsetCommand: Command = defineCommand({
  name: 'unset', short: 'Unset an individual value in a kubeconfig file', usage: 'kubectl config unset PROPERTY_NAME [options]',
  flags: [],
  run(ctx) {
    if (ctx.args.length !== 1) helpErrorf(ctx, configUnsetCommand, `Unexpected args: ${goStrings(ctx.args)}`);
    const property = ctx.args[0]!;
    if (!property) throw new CliError('you must specify a property');
    const l = loaded(ctx);
    const steps = navigationSteps(property);
    saveEdit(l, (cfg) => modify(cfg, steps, undefined, true));
    ctx.io.out(`Property ${JSON.stringify(property)} unset.\n`);
    return 0;
  },
});
