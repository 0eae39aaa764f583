/**
 * secret-docker-registry: `kubectl create secret docker-registry NAME`
 * (pkg/cmd/create/create_secret_docker.go).
 */
import type { KubeObject } from '../../api/meta';
import { NAME_MUST_BE_SPECIFIED } from './configmap';
import { GeneratorError } from './generator-error';
import type { GeneratorFs } from './generator-fs';
import { goJsonMarshal } from './go-json';
import { SecretData, secretObject } from './secret-data';
import { readFileSources } from './sources';

/** DOCKER_CREDENTIALS_REQUIRED is kubectl's text when neither --from-file nor all three credentials are given. */
export const DOCKER_CREDENTIALS_REQUIRED =
  'either --from-file or the combination of --docker-username, --docker-password and --docker-server is required';
/** DEFAULT_DOCKER_SERVER is the --docker-server default. */
export const DEFAULT_DOCKER_SERVER = 'https://index.docker.io/v1/';
/** DOCKER_CONFIG_JSON_TYPE is the Secret type kubectl sets. */
export const DOCKER_CONFIG_JSON_TYPE = 'kubernetes.io/dockerconfigjson';

/** CreateSecretDockerRegistryOptions mirrors the command's flags. */
export interface CreateSecretDockerRegistryOptions {
  dockerUsername?: string;
  dockerPassword?: string;
  dockerEmail?: string;
  dockerServer?: string;
  fromFile?: string[];
  appendHash?: boolean;
  namespace?: string;
}

/** dockerConfigJson renders the `.dockerconfigjson` bytes kubectl writes (Go struct order, empty fields omitted). */
export function dockerConfigJson(username: string, password: string, email: string, server: string): Buffer {
  const entry: Record<string, string> = {};
  if (username) entry.username = username;
  if (password) entry.password = password;
  if (email) entry.email = email;
  const auth = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
  if (auth) entry.auth = auth;
  return Buffer.from(goJsonMarshal({ auths: { [server]: entry } }), 'utf8');
}

/** createSecretDockerRegistry builds the image-pull Secret kubectl sends. */
export function createSecretDockerRegistry(name: string, o: CreateSecretDockerRegistryOptions, fs: GeneratorFs): KubeObject {
  const fromFile = o.fromFile ?? [];
  const username = o.dockerUsername ?? '';
  const password = o.dockerPassword ?? '';
  const server = o.dockerServer ?? DEFAULT_DOCKER_SERVER;
  if (name === '') throw new GeneratorError(NAME_MUST_BE_SPECIFIED);
  if (fromFile.length === 0 && (username === '' || password === '' || server === '')) {
    throw new GeneratorError(DOCKER_CREDENTIALS_REQUIRED);
  }
  const data = new SecretData();
  if (fromFile.length > 0) {
    for (const { key, data: bytes } of readFileSources(fromFile, fs)) data.add(key, bytes);
  } else {
    data.entries['.dockerconfigjson'] = dockerConfigJson(username, password, o.dockerEmail ?? '', server);
  }
  return secretObject(name, o.namespace, DOCKER_CONFIG_JSON_TYPE, data.entries, o.appendHash);
}
