/**
 * configmap: `kubectl describe configmap` (kubectl ConfigMapDescriber).
 */
import type { ConfigMap } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, PrefixWriter } from './prefix-writer';

/** describeConfigMap renders a ConfigMap; keys keep the object's own order. */
export function describeConfigMap(cm: ConfigMap, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${cm.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${cm.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', cm.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', cm.metadata.annotations);
  w.write(LEVEL_0, '\nData\n====\n');
  // kubemu: kubectl walks a Go map (random order); the object's key order keeps output deterministic.
  for (const [k, v] of Object.entries(cm.data ?? {})) {
    w.write(LEVEL_0, `${k}:\n----\n`);
    w.write(LEVEL_0, `${v}\n`);
    w.write(LEVEL_0, '\n');
  }
  w.write(LEVEL_0, '\nBinaryData\n====\n');
  for (const [k, v] of Object.entries(cm.binaryData ?? {})) {
    w.write(LEVEL_0, `${k}: ${Buffer.from(String(v), 'base64').length} bytes\n`);
  }
  w.write(LEVEL_0, '\n');
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
