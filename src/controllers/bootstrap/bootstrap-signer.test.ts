import { describe, expect, it } from 'vitest';
import { detachedSignature } from './bootstrap-signer';

describe('detachedSignature', () => {
  // cluster-bootstrap token/jws's own vectors.
  const content = 'Hello from the other side. I must have called a thousand times.';
  it('is the HS256 JWS of the content, keyed by the token secret, with the payload left out', () => {
    expect(detachedSignature(content, 'joshua', 'my voice is my passcode'))
      .toBe('eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..VShe2taLd-YTrmWuRkcL_8QTNDHYxQIEBsAYYiIj1_8');
    expect(detachedSignature('', 'joshua', 'my voice is my passcode'))
      .toBe('eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..7Ui1ALizW4jXphVUB7xUqC9vLYLL9RZeOFfVLoB7Tgk');
  });
});
