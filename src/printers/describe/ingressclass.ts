/**
 * ingressclass: `kubectl describe ingressclass` (kubectl describeIngressClassV1): the
 * controller and the optional parameters reference.
 */
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';

/** describeIngressClass renders a networking.k8s.io/v1 IngressClass. */
export function describeIngressClass(ic: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = ic.spec ?? {};
  w.write(LEVEL_0, `Name:\t${ic.metadata.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', ic.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ic.metadata.annotations);
  w.write(LEVEL_0, `Controller:\t${spec.controller ?? ''}\n`);
  if (spec.parameters) {
    w.write(LEVEL_0, 'Parameters:\n');
    if (spec.parameters.apiGroup !== undefined && spec.parameters.apiGroup !== null) w.write(LEVEL_1, `APIGroup:\t${spec.parameters.apiGroup}\n`);
    w.write(LEVEL_1, `Kind:\t${spec.parameters.kind ?? ''}\n`);
    w.write(LEVEL_1, `Name:\t${spec.parameters.name ?? ''}\n`);
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
