/**
 * providers: kube-apiserver's encryption-at-rest providers as value transformers on bytes.
 * Each writes `k8s:enc:<provider>:v1:<key name>:` and its ciphertext, as
 * staging/src/k8s.io/apiserver/pkg/storage/value/encrypt/aes does:
 *   aescbc — a 16-byte IV, then AES-CBC with PKCS#7 padding;
 *   aesgcm — a 12-byte nonce, then AES-GCM's ciphertext and 16-byte tag;
 *   secretbox — a 24-byte nonce, then NaCl's secretbox (XSalsa20-Poly1305: the 16-byte tag,
 *   then the ciphertext), as golang.org/x/crypto/nacl/secretbox seals it (tweetnacl here,
 *   since node:crypto has no XSalsa20).
 * Upstream draws the IV and nonce at random; here they are an HMAC of the key and the plaintext
 * (a synthetic IV, as AES-SIV makes), so the same commands write the same bytes. Readers see no
 * difference. A nonce repeats only with its plaintext, which is what keeps GCM safe; the cost is
 * that writing the very same bytes twice shows as the same ciphertext.
 * identity writes the JSON as it is. kms needs a plugin kubemu does not run, and is refused
 * when the configuration is read.
 */
import * as crypto from 'node:crypto';
import nacl from 'tweetnacl';

/** ProviderType names the providers kubemu implements. */
export type ProviderType = 'identity' | 'aescbc' | 'aesgcm' | 'secretbox';

/** KeyedProvider is one key of an aescbc, aesgcm or secretbox provider. */
export interface KeyedProvider {
  readonly type: Exclude<ProviderType, 'identity'>;
  readonly keyName: string;
  readonly secret: Buffer;
}

/** Provider is one entry of a resource rule's providers list (each key of a provider is one entry, in order). */
export type Provider = { readonly type: 'identity' } | KeyedProvider;

/** prefixOf is the bytes a provider's key puts in front of its ciphertext. */
export function prefixOf(p: KeyedProvider): string {
  return `k8s:enc:${p.type}:v1:${p.keyName}:`;
}

const CBC_IV = 16;
const GCM_NONCE = 12;
const GCM_TAG = 16;
const BOX_NONCE = nacl.secretbox.nonceLength;
const BOX_TAG = nacl.secretbox.overheadLength;

function cipherName(p: KeyedProvider, mode: 'cbc' | 'gcm'): string {
  return `aes-${p.secret.length * 8}-${mode}`;
}

/** syntheticIv derives an IV of size bytes from the key and the plaintext (see the header). */
function syntheticIv(p: KeyedProvider, plaintext: Buffer, size: number): Buffer {
  return crypto.createHmac('sha256', p.secret).update(prefixOf(p)).update(plaintext).digest().subarray(0, size);
}

/** seal encrypts plaintext with a keyed provider: its prefix, then the provider's ciphertext. */
export function seal(p: KeyedProvider, plaintext: Buffer): Buffer {
  const prefix = Buffer.from(prefixOf(p), 'latin1');
  if (p.type === 'aescbc') {
    const iv = syntheticIv(p, plaintext, CBC_IV);
    const c = crypto.createCipheriv(cipherName(p, 'cbc'), p.secret, iv);
    return Buffer.concat([prefix, iv, c.update(plaintext), c.final()]);
  }
  if (p.type === 'secretbox') {
    const nonce = syntheticIv(p, plaintext, BOX_NONCE);
    return Buffer.concat([prefix, nonce, nacl.secretbox(plaintext, nonce, p.secret)]);
  }
  const nonce = syntheticIv(p, plaintext, GCM_NONCE);
  const c = crypto.createCipheriv(cipherName(p, 'gcm'), p.secret, nonce) as crypto.CipherGCM;
  const body = Buffer.concat([c.update(plaintext), c.final()]);
  return Buffer.concat([prefix, nonce, body, c.getAuthTag()]);
}

/** open decrypts what seal wrote with the same key (data is what follows the prefix); throws on a wrong key or damaged data. */
export function open(p: KeyedProvider, data: Buffer): Buffer {
  if (p.type === 'aescbc') {
    if (data.length < CBC_IV || (data.length - CBC_IV) % 16 !== 0) throw new Error('the stored data is not a multiple of the block size');
    const d = crypto.createDecipheriv(cipherName(p, 'cbc'), p.secret, data.subarray(0, CBC_IV));
    return Buffer.concat([d.update(data.subarray(CBC_IV)), d.final()]);
  }
  if (p.type === 'secretbox') {
    if (data.length < BOX_NONCE + BOX_TAG) throw new Error('the stored data was shorter than the required size');
    const plain = nacl.secretbox.open(data.subarray(BOX_NONCE), data.subarray(0, BOX_NONCE), p.secret);
    // x/crypto's secretbox.Open reports only that the box did not open.
    if (!plain) throw new Error('output array was not large enough for encryption');
    return Buffer.from(plain);
  }
  if (data.length < GCM_NONCE + GCM_TAG) throw new Error('the stored data was shorter than the required size');
  const d = crypto.createDecipheriv(cipherName(p, 'gcm'), p.secret, data.subarray(0, GCM_NONCE)) as crypto.DecipherGCM;
  d.setAuthTag(data.subarray(data.length - GCM_TAG));
  return Buffer.concat([d.update(data.subarray(GCM_NONCE, data.length - GCM_TAG)), d.final()]);
}
