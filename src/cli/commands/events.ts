/**
 * events: the newer `kubectl events` — Events sorted by time, OBJECT as Kind/name, LAST SEEN
 * with repeat counts, --for and --types filters.
 */
import type { EventLike } from '../../api/meta';
import { eventAge, sortEvents } from '../../printers/describe/events';
import { renderTabbed } from '../../printers/table';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import { parseResourceArgs } from '../resource-args';

/** noEventsMessage is the stderr line when nothing matched. */
export function noEventsMessage(namespace: string | undefined): string {
  return namespace ? `No events found in ${namespace} namespace.` : 'No events found.';
}

/** eventsCommand is `kubectl events`. */
export const eventsCommand = defineCommand({
  name: 'events',
  short: 'List events',
  usage: 'kubectl events [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file] [--for TYPE/NAME] [--watch] [--types=Normal,Warning] [options]',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If present, list the requested object(s) across all namespaces.' },
    { name: 'for', type: 'string', help: 'Filter events to only those pertaining to the specified resource.' },
    { name: 'types', type: 'stringSlice', default: [], help: 'Output only events of given types.' },
    { name: 'no-headers', type: 'bool', default: false, help: "When using the default output format, don't print headers." },
  ],
  run(ctx): number {
    const cluster = ctx.cluster();
    cluster.catchUp();
    const allNs = !!ctx.flags['all-namespaces'];
    const types = ctx.flags.types.map((t) => t.toLowerCase());
    for (const t of types) if (t !== 'normal' && t !== 'warning') throw new CliError(`valid --types are Normal or Warning`);
    let forKind: string | undefined;
    let forName: string | undefined;
    if (ctx.flags.for) {
      const { requests } = parseResourceArgs([ctx.flags.for], cluster.api.registry());
      forKind = requests[0]!.info.kind;
      forName = requests[0]!.names[0];
    }
    let events = cluster.read(() => cluster.api.list<EventLike>({ kind: 'Event', namespace: allNs ? undefined : ctx.namespace }));
    events = events.filter((e) => (!forKind || (e.involvedObject?.kind === forKind && e.involvedObject?.name === forName))
      && (!types.length || types.includes(String(e.type).toLowerCase())));
    if (!events.length) {
      ctx.io.err(`${noEventsMessage(allNs ? undefined : ctx.namespace)}\n`);
      return 0;
    }
    const now = cluster.clock.now();
    const rows = sortEvents(events).map((e) => {
      const cells = [eventAge(e, now), String(e.type ?? ''), String(e.reason ?? ''), `${e.involvedObject?.kind}/${e.involvedObject?.name}`, String(e.message ?? '').trim()];
      return allNs ? [e.metadata.namespace ?? '', ...cells] : cells;
    });
    const header = ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
    ctx.io.out(renderTabbed(ctx.flags['no-headers'] ? rows : [allNs ? ['NAMESPACE', ...header] : header, ...rows]));
    return 0;
  },
});
