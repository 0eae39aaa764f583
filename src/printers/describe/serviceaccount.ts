/**
 * serviceaccount: `kubectl describe serviceaccount` (kubectl describeServiceAccount).
 */
import type { Secret, ServiceAccount } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { SERVICE_ACCOUNT_TOKEN_TYPE } from './secret';

// The headers are padded by hand upstream, then still TAB-aligned.
const EMPTY_HEADER = '                   ';
const HEADERS = ['Image pull secrets:', 'Mountable secrets: ', 'Tokens:            '] as const;

/** describeServiceAccount renders a ServiceAccount with its pull, mountable and token secrets. */
export function describeServiceAccount(sa: ServiceAccount, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${sa.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${sa.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', sa.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', sa.metadata.annotations);
  const secrets = ctx.list({ kind: 'Secret', namespace: sa.metadata.namespace }) as Secret[];
  const existing = new Set(secrets.map((s) => s.metadata.name));
  // Mountable and image pull secrets that name no Secret of the namespace are marked "(not found)".
  const referenced: string[] = [...(sa.secrets ?? []), ...(sa.imagePullSecrets ?? [])].map((s: { name?: string }) => s.name ?? '');
  const missingSecrets = new Set<string>(referenced.filter((n) => !existing.has(n)));
  const tokens = secrets.filter((s) => s.type === SERVICE_ACCOUNT_TOKEN_TYPE
    && s.metadata.annotations?.['kubernetes.io/service-account.name'] === sa.metadata.name
    && s.metadata.annotations?.['kubernetes.io/service-account.uid'] === sa.metadata.uid).map((s) => s.metadata.name ?? '');
  const names: Record<(typeof HEADERS)[number], string[]> = {
    'Image pull secrets:': (sa.imagePullSecrets ?? []).map((s: { name?: string }) => s.name ?? ''),
    'Mountable secrets: ': (sa.secrets ?? []).map((s: { name?: string }) => s.name ?? ''),
    'Tokens:            ': tokens,
  };
  for (const header of HEADERS) {
    const list = names[header];
    if (list.length === 0) { w.write(LEVEL_0, `${header}\t<none>\n`); continue; }
    let prefix: string = header;
    for (const name of list) {
      const missing = missingSecrets.has(name);
      w.write(LEVEL_0, `${prefix}\t${name}${missing ? ' (not found)' : ''}\n`);
      prefix = EMPTY_HEADER;
    }
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
