/**
 * secret: `kubectl describe secret` (kubectl describeSecret). Values are never shown, except
 * the token of a service-account-token Secret; there is no Events section.
 */
import type { Secret } from '../../api/types/kinds';
import type { DescribeContext } from './context';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, PrefixWriter } from './prefix-writer';

/** SERVICE_ACCOUNT_TOKEN_TYPE is the Secret type whose `token` key describe prints. */
export const SERVICE_ACCOUNT_TOKEN_TYPE = 'kubernetes.io/service-account-token';

/** describeSecret renders a Secret; data lengths are of the base64-decoded bytes. */
export function describeSecret(secret: Secret, _ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${secret.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${secret.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', secret.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', secret.metadata.annotations);
  w.write(LEVEL_0, `\nType:\t${secret.type ?? ''}\n`);
  w.write(LEVEL_0, '\nData\n====\n');
  // kubemu: the object's key order stands in for Go's random map order.
  for (const [k, v] of Object.entries(secret.data ?? {})) {
    const bytes = Buffer.from(String(v ?? ''), 'base64');
    if (k === 'token' && secret.type === SERVICE_ACCOUNT_TOKEN_TYPE) w.write(LEVEL_0, `${k}:\t${bytes.toString('utf8')}\n`);
    else w.write(LEVEL_0, `${k}:\t${bytes.length} bytes\n`);
  }
  return w.toString();
}
