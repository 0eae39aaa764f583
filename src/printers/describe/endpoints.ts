/**
 * endpoints: `kubectl describe endpoints` (kubectl describeEndpoints): per subset its ready
 * and not-ready addresses and its ports table, each subset followed by an empty line.
 */
import type { EndpointAddress } from '../../api/types/core-v1';
import type { Endpoints } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './prefix-writer';

const ips = (addrs: EndpointAddress[] | undefined): string => (addrs ?? []).map((a) => a.ip ?? '').join(',') || '<none>';

/** describeEndpoints renders a core/v1 Endpoints object. */
export function describeEndpoints(ep: Endpoints, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${ep.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${ep.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', ep.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ep.metadata.annotations);
  w.write(LEVEL_0, 'Subsets:\n');
  for (const subset of ep.subsets ?? []) {
    w.write(LEVEL_1, `Addresses:\t${ips(subset.addresses)}\n`);
    w.write(LEVEL_1, `NotReadyAddresses:\t${ips(subset.notReadyAddresses)}\n`);
    if ((subset.ports ?? []).length > 0) {
      w.write(LEVEL_1, 'Ports:\n');
      w.write(LEVEL_2, 'Name\tPort\tProtocol\n');
      w.write(LEVEL_2, '----\t----\t--------\n');
      for (const p of subset.ports ?? []) w.write(LEVEL_2, `${p.name || '<unset>'}\t${p.port ?? 0}\t${p.protocol ?? ''}\n`);
    }
    w.write(LEVEL_0, '\n');
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
