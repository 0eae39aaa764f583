/**
 * secret-data: building a Secret's `data` from sources, shared by the three `create secret`
 * subcommands (kubectl pkg/cmd/create/create_secret.go).
 */
import type { Secret } from '../../api/types/kinds';
import { goQuote } from '../../api/go-quote';
import { GeneratorError } from './generator-error';
import { sortedMap } from './go-json';
import { objectMeta } from './go-order';
import { secretHash } from './hash';
import { isConfigMapKey } from './validation';

/** INVALID_SECRET_KEY is kubectl's text for a key IsConfigMapKey rejects (no colon: verbatim). */
export const INVALID_SECRET_KEY = (key: string, errs: string[]): string =>
  `${goQuote(key)} is not valid key name for a Secret ${errs.join(';')}`;
/** DUPLICATE_SECRET_KEY is kubectl's text for a key given twice. */
export const DUPLICATE_SECRET_KEY = (key: string): string => `cannot add key ${key}, another key by that name already exists`;

/** SecretData collects keys with kubectl's validation and duplicate check. */
export class SecretData {
  readonly entries: Record<string, Buffer> = {};

  /** add validates `key` and stores `data` under it; throws kubectl's error on a bad or repeated key. */
  add(key: string, data: Buffer): void {
    const errs = isConfigMapKey(key);
    if (errs.length > 0) throw new GeneratorError(INVALID_SECRET_KEY(key, errs));
    if (key in this.entries) throw new GeneratorError(DUPLICATE_SECRET_KEY(key));
    this.entries[key] = data;
  }
}

/** secretObject builds the Secret in Go order: sorted base64 `data` (omitted when empty), then `type` if set. */
export function secretObject(name: string, namespace: string | undefined, type: string, data: Record<string, Buffer>, appendHash = false): Secret {
  const finalName = appendHash ? `${name}-${secretHash(name, type, data)}` : name;
  const secret: Secret = { kind: 'Secret', apiVersion: 'v1', metadata: objectMeta({ name: finalName, namespace }) };
  if (Object.keys(data).length > 0) {
    secret.data = sortedMap(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.toString('base64')])));
  }
  if (type !== '') secret.type = type;
  return secret;
}
