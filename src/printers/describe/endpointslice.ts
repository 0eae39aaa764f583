/**
 * endpointslice: `kubectl describe endpointslice` (kubectl describeEndpointSliceV1): the
 * address type, the ports table, then one block per endpoint with its conditions.
 */
import type { Endpoint, EndpointPort } from '../../api/types/discovery-v1';
import type { EndpointSlice } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefix-writer';

const isSet = (v: unknown): boolean => v !== undefined && v !== null;
const orUnset = (v: unknown): string => (isSet(v) ? String(v) : '<unset>');

/** describeEndpointSlice renders a discovery.k8s.io/v1 EndpointSlice. */
export function describeEndpointSlice(eps: EndpointSlice, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${eps.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${eps.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', eps.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', eps.metadata.annotations);
  w.write(LEVEL_0, `AddressType:\t${eps.addressType ?? ''}\n`);
  const ports: EndpointPort[] = eps.ports ?? [];
  if (ports.length === 0) w.write(LEVEL_0, 'Ports: <unset>\n');
  else {
    w.write(LEVEL_0, 'Ports:\n');
    w.write(LEVEL_1, 'Name\tPort\tProtocol\n');
    w.write(LEVEL_1, '----\t----\t--------\n');
    for (const p of ports) w.write(LEVEL_1, `${p.name || '<unset>'}\t${orUnset(p.port)}\t${p.protocol ?? ''}\n`);
  }
  const endpoints: Endpoint[] = eps.endpoints ?? [];
  if (endpoints.length === 0) w.write(LEVEL_0, 'Endpoints: <none>\n');
  else {
    w.write(LEVEL_0, 'Endpoints:\n');
    for (const e of endpoints) {
      w.write(LEVEL_1, `- Addresses:\t${(e.addresses ?? []).join(', ') || '<none>'}\n`);
      w.write(LEVEL_2, 'Conditions:\n');
      w.write(LEVEL_3, `Ready:\t${orUnset(e.conditions?.ready)}\n`);
      w.write(LEVEL_2, `Hostname:\t${orUnset(e.hostname)}\n`);
      if (e.targetRef) w.write(LEVEL_2, `TargetRef:\t${e.targetRef.kind ?? ''}/${e.targetRef.name ?? ''}\n`);
      w.write(LEVEL_2, `NodeName:\t${orUnset(e.nodeName)}\n`);
      w.write(LEVEL_2, `Zone:\t${orUnset(e.zone)}\n`);
    }
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
