/**
 * events: the newer `kubectl events` — Events sorted by time, OBJECT as Kind/name, LAST SEEN
 * with repeat counts, --for and --types filters, -o through kubectl's PrintFlags, and --watch.
 */
import type { EventLike, KubeObject } from '../../api/meta';
import { groupVersion, UnknownResourceTypeError } from '../../api/registry';
import { byEventTime, eventAge, inListOrder, sortEvents } from '../../printers/describe/events';
import { renderTabbed, renderTabbedRemembering } from '../../printers/table';
import { defineCommand, type CommandContext } from '../command';
import { CliError, StandardMessageError } from '../errors';
import { printTypedObject, YAML_SEPARATOR, type OutputSpec } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { parseResourceArgs } from '../resource-args';
import { pollWatch } from './get-watch';
import { toTypedObject } from './typed-object';

/** noEventsMessage is the stderr line when nothing matched. */
export function noEventsMessage(namespace: string | undefined): string {
  return namespace ? `No events found in ${namespace} namespace.` : 'No events found.';
}

const HEADER = ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];

/** eventsCommand is `kubectl events`. */
export const eventsCommand = defineCommand({
  name: 'events',
  short: 'List events',
  usage: 'kubectl events [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file] [--for TYPE/NAME] [--watch] [--types=Normal,Warning] [options]',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.' },
    { name: 'chunk-size', type: 'int', default: 500, help: 'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.' },
    { name: 'for', type: 'string', default: '', help: 'Filter events to only those pertaining to the specified resource.' },
    { name: 'no-headers', type: 'bool', default: false, help: "When using the default output format, don't print headers." },
    ...PRINT_FLAGS,
    { name: 'types', type: 'stringSlice', default: [], help: 'Output only events of given types.' },
    { name: 'watch', short: 'w', type: 'bool', default: false, help: 'After listing the requested events, watch for more events.' },
  ],
  run(ctx): number {
    const cluster = ctx.cluster();
    cluster.catchUp();
    const allNs = !!ctx.flags['all-namespaces'];
    const namespace = allNs ? undefined : ctx.namespace;
    const forObject = ctx.flags.for ? forFilter(ctx, ctx.flags.for) : undefined;
    // Only -o chooses the printer: --template alone leaves the table, as kubectl events has it.
    const output = ctx.flags.output ? outputOf(ctx.flags, ctx.set) : undefined;
    const types = ctx.flags.types.map((t) => t.toLowerCase());
    for (const t of types) if (t !== 'normal' && t !== 'warning') throw new CliError('valid --types are Normal or Warning');
    const wanted = (e: EventLike) => (!forObject || forObject(e)) && (!types.length || types.includes(String(e.type).toLowerCase()));
    const printer = new EventPrinter(ctx, output, allNs);

    if (ctx.flags.watch) {
      // kubectl watches without listing first: the watch starts with every event there is, in
      // the apiserver's key order (namespace, then name), unsorted; deletions are not shown.
      const list = cluster.read(() => cluster.api.list<EventLike>({ kind: 'Event', namespace }));
      for (const e of inListOrder(list)) if (wanted(e)) printer.printOne(e);
      pollWatch(ctx, cluster, 'Event', namespace, cluster.api.revision(), (changes) => {
        for (const c of changes) if (c.type !== 'DELETED' && wanted(c.object as EventLike)) printer.printOne(c.object as EventLike);
      });
      return 0;
    }

    const events = cluster.read(() => cluster.api.list<EventLike>({ kind: 'Event', namespace })).filter(wanted);
    if (!events.length) {
      ctx.io.err(`${noEventsMessage(namespace)}\n`);
      return 0;
    }
    printer.printList(sortEvents(events, byEventTime));
    return 0;
  },
});

/**
 * forFilter is --for TYPE/NAME: kubectl asks for the events whose involvedObject has that
 * kind, apiVersion (the resource's preferred group/version) and name.
 */
function forFilter(ctx: CommandContext, arg: string): (e: EventLike) => boolean {
  if (!arg.includes('/')) throw new CliError('--for must be in resource/name form');
  let requests;
  try {
    // kubectl lowercases the type before it maps it (`--for=PO/x` is a pod).
    const slash = arg.indexOf('/');
    ({ requests } = parseResourceArgs([`${arg.slice(0, slash).toLowerCase()}${arg.slice(slash)}`], ctx.cluster().api.registry(), (text) => ctx.io.err(text)));
  } catch (e) {
    // The mapper's error reaches kubectl's CheckErr as it is, which prints it without "error: ".
    if (e instanceof UnknownResourceTypeError) throw new StandardMessageError(e.message);
    throw e;
  }
  const { info } = requests[0]!;
  const name = requests[0]!.names[0];
  const apiVersion = groupVersion(info.group, info.version);
  return (e) => e.involvedObject?.kind === info.kind && e.involvedObject?.apiVersion === apiVersion && e.involvedObject?.name === name;
}

/**
 * EventPrinter prints as kubectl events does: its own table (the header once, with the first
 * event; widths remembered between a watch's flushes), or the typed objects through -o.
 */
class EventPrinter {
  private widths: number[] = [];
  private headed: boolean;
  private printed = 0;

  constructor(private readonly ctx: CommandContext, private readonly output: OutputSpec | undefined, private readonly allNs: boolean) {
    this.headed = !!ctx.flags['no-headers'];
  }

  /** printList prints the sorted events: one table, or one EventList through -o. */
  printList(events: EventLike[]): void {
    if (!this.output) {
      this.ctx.io.out(renderTabbed([...this.header(), ...events.map((e) => this.row(e))]));
      return;
    }
    // kubectl's name printer refuses a typed list, and events ignores the error: -o name prints nothing.
    if (this.output.kind === 'name') return;
    const list = { kind: 'EventList', apiVersion: 'v1', metadata: {}, items: events.map(typedEvent) } as unknown as KubeObject;
    this.ctx.io.out(this.print(list));
  }

  /** printOne prints one watched event and flushes it. */
  printOne(e: EventLike): void {
    if (!this.output) {
      const r = renderTabbedRemembering([...this.header(), this.row(e)], this.widths);
      this.widths = r.widths;
      this.ctx.io.out(r.text);
    } else {
      this.ctx.io.out((this.output.kind === 'yaml' && this.printed++ > 0 ? YAML_SEPARATOR : '') + this.print(typedEvent(e)));
    }
    this.ctx.io.flush();
  }

  private print(obj: KubeObject): string {
    return printTypedObject(obj, this.output!, this.ctx.cluster().api.registry(), !!this.ctx.flags['show-managed-fields']);
  }

  private header(): string[][] {
    if (this.headed) return [];
    this.headed = true;
    return [this.allNs ? ['NAMESPACE', ...HEADER] : HEADER];
  }

  private row(e: EventLike): string[] {
    const cells = [eventAge(e, this.ctx.cluster().clock.now()), String(e.type ?? ''), String(e.reason ?? ''),
      `${e.involvedObject?.kind ?? ''}/${e.involvedObject?.name ?? ''}`, String(e.message ?? '').trim()];
    return this.allNs ? [e.metadata.namespace ?? '', ...cells] : cells;
  }
}

/** typedEvent is an Event as client-go decoded it: core/v1's struct, its fields in order. */
function typedEvent(e: EventLike): KubeObject {
  return toTypedObject({ ...(e as unknown as KubeObject), apiVersion: 'v1', kind: 'Event' });
}
