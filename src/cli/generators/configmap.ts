/**
 * configmap: `kubectl create configmap NAME --from-literal|--from-file|--from-env-file`
 * (kubectl pkg/cmd/create/create_configmap.go).
 */
import type { ConfigMap } from '../../api/types/kinds';
import { goQuote } from '../../api/go-quote';
import { GeneratorError } from './generator-error';
import type { GeneratorFs } from './generator-fs';
import { objectMeta } from './go-order';
import { sortedMap } from './go-json';
import { configMapHash } from './hash';
import { ENV_FROM_COMBINED, isValidUtf8, parseLiteralSource, readEnvFile, readFileSources } from './sources';
import { isConfigMapKey } from './validation';

/** INVALID_CONFIGMAP_KEY is kubectl's text for a key IsConfigMapKey rejects. */
export const INVALID_CONFIGMAP_KEY = (key: string, errs: string[]): string =>
  `${goQuote(key)} is not a valid key name for a ConfigMap: ${errs.join(',')}`;
/** DUPLICATE_CONFIGMAP_KEY is kubectl's text for a key already present in Data or BinaryData. */
export const DUPLICATE_CONFIGMAP_KEY = (key: string, field: 'Data' | 'BinaryData', name: string): string =>
  `cannot add key ${goQuote(key)}, another key by that name already exists in ${field} for ConfigMap ${goQuote(name)}`;
/** CONFIGMAP_ENV_DIRECTORY is kubectl's text for a directory given to --from-env-file. */
export const CONFIGMAP_ENV_DIRECTORY = 'env config file cannot be a directory';
/** NAME_MUST_BE_SPECIFIED is kubectl's text for an empty NAME. */
export const NAME_MUST_BE_SPECIFIED = 'name must be specified';

/** CreateConfigMapOptions mirrors the command's flags (kubectl's names, camel-cased). */
export interface CreateConfigMapOptions {
  fromLiteral?: string[];
  fromFile?: string[];
  fromEnvFile?: string[];
  appendHash?: boolean;
  namespace?: string;
}

/**
 * createConfigMap builds the ConfigMap kubectl sends. Valid UTF-8 file contents go to `data`,
 * anything else to `binaryData`; keys are validated and must be unique across both.
 */
export function createConfigMap(name: string, o: CreateConfigMapOptions, fs: GeneratorFs): ConfigMap {
  const fromLiteral = o.fromLiteral ?? [];
  const fromFile = o.fromFile ?? [];
  const fromEnvFile = o.fromEnvFile ?? [];
  if (name === '') throw new GeneratorError(NAME_MUST_BE_SPECIFIED);
  if (fromEnvFile.length > 0 && (fromFile.length > 0 || fromLiteral.length > 0)) throw new GeneratorError(ENV_FROM_COMBINED);

  const data: Record<string, string> = {};
  const binaryData: Record<string, Buffer> = {};
  const check = (key: string): void => {
    const errs = isConfigMapKey(key);
    if (errs.length > 0) throw new GeneratorError(INVALID_CONFIGMAP_KEY(key, errs));
    if (key in data) throw new GeneratorError(DUPLICATE_CONFIGMAP_KEY(key, 'Data', name));
    if (key in binaryData) throw new GeneratorError(DUPLICATE_CONFIGMAP_KEY(key, 'BinaryData', name));
  };
  // Same order as kubectl (files, literals, env files): it decides which duplicate is reported.
  for (const { key, data: bytes } of readFileSources(fromFile, fs)) {
    check(key);
    if (isValidUtf8(bytes)) data[key] = bytes.toString('utf8');
    else binaryData[key] = bytes;
  }
  for (const source of fromLiteral) {
    const [key, value] = parseLiteralSource(source);
    check(key);
    data[key] = value;
  }
  for (const path of fromEnvFile) {
    for (const [key, value] of readEnvFile(path, fs, CONFIGMAP_ENV_DIRECTORY)) {
      check(key);
      data[key] = value;
    }
  }

  const finalName = o.appendHash ? `${name}-${configMapHash(name, data, binaryData)}` : name;
  const cm: ConfigMap = { kind: 'ConfigMap', apiVersion: 'v1', metadata: objectMeta({ name: finalName, namespace: o.namespace }) };
  // Empty maps are omitted (omitempty), as in kubectl's output.
  if (Object.keys(data).length > 0) cm.data = sortedMap(data);
  if (Object.keys(binaryData).length > 0) {
    cm.binaryData = sortedMap(Object.fromEntries(Object.entries(binaryData).map(([k, v]) => [k, v.toString('base64')])));
  }
  return cm;
}
