/**
 * encryption-transformer: an EncryptionConfiguration's rules as the store's value
 * transformer. Each rule covers some kinds and lists providers: the first writes, every one
 * reads (found by the prefix the value starts with), as kube-apiserver's prefix transformer
 * does. Kinds no rule covers are stored as they are.
 */
import { ValueTransformError, type ValueTransformer } from '../value-transformer';
import { open, prefixOf, seal, type KeyedProvider, type Provider } from './providers';

/** EncryptionRule is one resources entry: the kinds it covers (or every kind no other rule names) and its providers in order. */
export interface EncryptionRule {
  readonly kinds: ReadonlySet<string>;
  /** everyKind: the rule names `*.*`, so it covers every kind an earlier rule did not. */
  readonly everyKind: boolean;
  readonly providers: readonly Provider[];
}

/** newEncryptionTransformer builds the transformer of a list of rules (the first rule naming a kind wins). */
export function newEncryptionTransformer(rules: readonly EncryptionRule[]): ValueTransformer {
  const writerOf = new Map<string, KeyedProvider | undefined>();
  const fallback = rules.find((r) => r.everyKind);
  const writer = (kind: string): KeyedProvider | undefined => {
    if (writerOf.has(kind)) return writerOf.get(kind);
    const rule = rules.find((r) => r.kinds.has(kind)) ?? fallback;
    const first = rule?.providers[0];
    const w = first && first.type !== 'identity' ? first : undefined;
    writerOf.set(kind, w);
    return w;
  };
  const readers = new Map<string, KeyedProvider>();
  for (const r of rules) for (const p of r.providers) if (p.type !== 'identity' && !readers.has(prefixOf(p))) readers.set(prefixOf(p), p);
  return {
    transforms: (kind) => writer(kind) !== undefined,
    stale(kind, stored) {
      const w = writer(kind);
      if (typeof stored === 'string' || !w) return (typeof stored === 'string') === !!w;
      const prefix = prefixOf(w);
      return Buffer.from(stored.buffer, stored.byteOffset, Math.min(stored.byteLength, prefix.length)).toString('latin1') !== prefix;
    },
    toStorage: (kind, json) => seal(writer(kind)!, Buffer.from(json, 'utf8')),
    fromStorage(stored) {
      const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
      // k8s:enc:<type>:v1:<name>: — the name ends at the fifth colon.
      let end = -1;
      for (let i = 0, colons = 0; i < bytes.length && i < 300; i++) if (bytes[i] === 0x3a && ++colons === 5) { end = i + 1; break; }
      const p = end > 0 ? readers.get(bytes.subarray(0, end).toString('latin1')) : undefined;
      if (!p) throw new ValueTransformError('no matching prefix found');
      try {
        return open(p, bytes.subarray(end)).toString('utf8');
      } catch (e) {
        throw new ValueTransformError(`failed to decrypt the value with ${p.type} key "${p.keyName}": ${(e as Error).message}`);
      }
    },
  };
}
