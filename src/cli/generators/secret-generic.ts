/**
 * secret-generic: `kubectl create secret generic NAME` (pkg/cmd/create/create_secret.go).
 */
import type { KubeObject } from '../../api/meta';
import { NAME_MUST_BE_SPECIFIED } from './configmap';
import { GeneratorError } from './generator-error';
import type { GeneratorFs } from './generator-fs';
import { SecretData, secretObject } from './secret-data';
import { ENV_FROM_COMBINED, parseLiteralSource, readEnvFile, readFileSources } from './sources';

/** SECRET_ENV_DIRECTORY is kubectl's text for a directory given to --from-env-file. */
export const SECRET_ENV_DIRECTORY = 'env secret file cannot be a directory';

/** CreateSecretGenericOptions mirrors the command's flags. `type` '' leaves the type to the server (Opaque). */
export interface CreateSecretGenericOptions {
  fromLiteral?: string[];
  fromFile?: string[];
  fromEnvFile?: string[];
  type?: string;
  appendHash?: boolean;
  namespace?: string;
}

/** createSecretGeneric builds the Secret kubectl sends from literals, files and env files. */
export function createSecretGeneric(name: string, o: CreateSecretGenericOptions, fs: GeneratorFs): KubeObject {
  const fromLiteral = o.fromLiteral ?? [];
  const fromFile = o.fromFile ?? [];
  const fromEnvFile = o.fromEnvFile ?? [];
  if (name === '') throw new GeneratorError(NAME_MUST_BE_SPECIFIED);
  if (fromEnvFile.length > 0 && (fromFile.length > 0 || fromLiteral.length > 0)) throw new GeneratorError(ENV_FROM_COMBINED);
  const data = new SecretData();
  // kubectl's order for secrets (literals, files, env files) differs from configmaps'.
  for (const source of fromLiteral) {
    const [key, value] = parseLiteralSource(source);
    data.add(key, Buffer.from(value, 'utf8'));
  }
  for (const { key, data: bytes } of readFileSources(fromFile, fs)) data.add(key, bytes);
  for (const path of fromEnvFile) {
    for (const [key, value] of readEnvFile(path, fs, SECRET_ENV_DIRECTORY)) data.add(key, Buffer.from(value, 'utf8'));
  }
  return secretObject(name, o.namespace, o.type ?? '', data.entries, o.appendHash);
}
