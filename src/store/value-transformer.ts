/**
 * value-transformer: what kube-apiserver does to an object's bytes on their way to and from
 * etcd (storage/value). kubemu's store keeps a plain object as JSON text and a transformed one
 * as bytes (a BLOB) that begin with the transformer's prefix, so a store without encryption
 * pays one typeof check per read.
 */

/** StoredValue is a body as the state file holds it: JSON text, or transformed bytes. */
export type StoredValue = string | Uint8Array;

/** ValueTransformer turns bodies of some kinds into stored bytes and back. */
export interface ValueTransformer {
  /** transforms says whether new writes of a kind are transformed (the first provider is not identity). */
  transforms(kind: string): boolean;
  /** toStorage transforms a body of a kind that transforms(kind). */
  toStorage(kind: string, json: string): Uint8Array;
  /** stale says a stored value of a kind is not what toStorage would write now (another provider or key, or the other side of identity). */
  stale(kind: string, stored: StoredValue): boolean;
  /** fromStorage turns stored bytes back into the body; throws ValueTransformError when no provider can read them. */
  fromStorage(stored: Uint8Array): string;
}

/** ValueTransformError: stored bytes that no configured provider can read (kube-apiserver answers 500). */
export class ValueTransformError extends Error {
  override readonly name = 'ValueTransformError';
}

/** PLAIN is the transformer of a cluster without encryption at rest: it can read nothing transformed. */
export const PLAIN: ValueTransformer = {
  transforms: () => false,
  stale: (_kind, stored) => typeof stored !== 'string',
  toStorage: () => { throw new ValueTransformError('no encryption provider is configured'); },
  fromStorage: () => { throw new ValueTransformError('no matching prefix found: the value is encrypted and no encryption configuration is loaded'); },
};
