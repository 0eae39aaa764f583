/**
 * encryption-config: kube-apiserver's --encryption-provider-config for an emulated cluster.
 * An EncryptionConfiguration (apiserver.config.k8s.io/v1) is checked and copied into the
 * cluster's folder (owner-only), where the control plane's disk would keep it, never into the
 * state file: a copy of the state alone, like a copy of etcd alone, cannot decrypt the Secrets.
 * openCluster reads it back into the store's value transformer.
 */
import * as fs from 'node:fs';
import { builtinRegistry } from '../api/registry';
import { readManifests } from '../yaml';
import type { ValueTransformer } from '../store/value-transformer';
import type { Provider } from '../store/encryption/providers';
import { newEncryptionTransformer, type EncryptionRule } from '../store/encryption/encryption-transformer';
import { PRIVATE_FILE, encryptionConfigPath } from './home';

/** EncryptionConfigError: the file is not a usable EncryptionConfiguration (kube-apiserver would not start). */
export class EncryptionConfigError extends Error {
  override readonly name = 'EncryptionConfigError';
}

/** KEY_SIZES are the key lengths each provider takes (apiserver's validation: AES 16/24/32, secretbox 32). */
const KEY_SIZES: Record<string, number[]> = { aescbc: [16, 24, 32], aesgcm: [16, 24, 32], secretbox: [32] };

function fail(file: string, msg: string): never {
  throw new EncryptionConfigError(`invalid encryption configuration "${file}": ${msg}`);
}

/** providersOf reads one rule's providers; each key of aescbc/aesgcm/secretbox is a provider of its own (in order). */
function providersOf(file: string, at: string, list: unknown): Provider[] {
  if (!Array.isArray(list) || !list.length) fail(file, `${at}.providers: Required value`);
  const out: Provider[] = [];
  list.forEach((entry, i) => {
    const names = Object.keys((entry ?? {}) as object);
    if (names.length !== 1) fail(file, `${at}.providers[${i}]: Invalid value: exactly one provider must be set`);
    const type = names[0]!;
    const body = (entry as Record<string, { keys?: { name?: string; secret?: string }[] }>)[type];
    if (type === 'identity') { out.push({ type: 'identity' }); return; }
    if (type === 'kms') fail(file, `${at}.providers[${i}].${type}: Unsupported value: kubemu implements identity, aescbc, aesgcm and secretbox`);
    if (type !== 'aescbc' && type !== 'aesgcm' && type !== 'secretbox') fail(file, `${at}.providers[${i}]: Unsupported value: "${type}"`);
    const keys = body?.keys;
    if (!Array.isArray(keys) || !keys.length) fail(file, `${at}.providers[${i}].${type}.keys: Required value`);
    keys.forEach((k, j) => {
      const where = `${at}.providers[${i}].${type}.keys[${j}]`;
      if (!k?.name) fail(file, `${where}.name: Required value`);
      if (k.name.includes(':')) fail(file, `${where}.name: Invalid value: "${k.name}": should not contain ':'`);
      const secret = Buffer.from(String(k.secret ?? ''), 'base64');
      const sizes = KEY_SIZES[type]!;
      if (!sizes.includes(secret.length)) fail(file, `${where}.secret: Invalid value: "REDACTED": secret is not of the expected length, got ${secret.length}, expected one of [${sizes.join(' ')}]`);
      out.push({ type, keyName: k.name, secret });
    });
  });
  return out;
}

/** kindsNamed maps a rule's resource names (secrets, deployments.apps, *.apps, *.) to stored kinds; `*.*` covers every kind. */
function kindsNamed(file: string, at: string, names: unknown): { kinds: Set<string>; everyKind: boolean } {
  if (!Array.isArray(names) || !names.length) fail(file, `${at}.resources: Required value`);
  const kinds = new Set<string>();
  let everyKind = false;
  for (const n of names.map(String)) {
    if (n === '*.*') { everyKind = true; continue; }
    const dot = n.indexOf('.');
    const resource = dot < 0 ? n : n.slice(0, dot);
    const group = dot < 0 ? '' : n.slice(dot + 1);
    for (const info of builtinRegistry.resources) {
      if (info.group === group && (resource === '*' || info.resource === resource)) kinds.add(info.storageKind);
    }
  }
  return { kinds, everyKind };
}

/** parseEncryptionConfig checks an EncryptionConfiguration's text and returns its rules. */
export function parseEncryptionConfig(text: string, file: string): EncryptionRule[] {
  let doc: Record<string, unknown>;
  try {
    doc = readManifests(text, file)[0]?.object ?? fail(file, 'the file is empty');
  } catch (e) {
    if (e instanceof EncryptionConfigError) throw e;
    return fail(file, (e as Error).message);
  }
  if (doc.kind !== 'EncryptionConfiguration' || doc.apiVersion !== 'apiserver.config.k8s.io/v1') {
    fail(file, `got ${String(doc.apiVersion)}, Kind=${String(doc.kind)}, want apiserver.config.k8s.io/v1, Kind=EncryptionConfiguration`);
  }
  const resources = doc.resources;
  if (!Array.isArray(resources) || !resources.length) fail(file, 'resources: Required value');
  return resources.map((r: { resources?: unknown; providers?: unknown }, i) => ({
    ...kindsNamed(file, `resources[${i}]`, r?.resources),
    providers: providersOf(file, `resources[${i}]`, r?.providers),
  }));
}

/** installEncryptionConfig checks the file at source and copies it beside the cluster's state file, owner-only. */
export function installEncryptionConfig(statePath: string, source: string): void {
  const text = fs.readFileSync(source, 'utf8');
  parseEncryptionConfig(text, source);
  const dest = encryptionConfigPath(statePath);
  const tmp = `${dest}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: PRIVATE_FILE });
  fs.renameSync(tmp, dest);
}

/** loadEncryption is the value transformer of an installed configuration file. */
export function loadEncryption(file: string): ValueTransformer {
  return newEncryptionTransformer(parseEncryptionConfig(fs.readFileSync(file, 'utf8'), file));
}
