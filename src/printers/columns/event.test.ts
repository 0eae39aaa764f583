import { describe, expect, it } from 'vitest';
import type { EventLike } from '../../api/meta';
import { BUILTIN_RESOURCES } from '../../api/registry';
import { renderGetTable, type GetTableOptions } from '../get-table';
import { eventCount, eventLastSeen, eventObject, eventSource, eventTable } from './event';
import { EVENT_ROWS } from './testdata/events';
import { agoAt, at, T0 } from './testdata/fixtures';
import { REFERENCE } from './testdata/reference';

const WIDE_NOW = at(1);

function toEvent(row: (typeof EVENT_ROWS)[number]): EventLike {
  const [last, type, reason, kind, name, fieldPath, source, message, first, count, evName] = row;
  const [component, host] = source.split(', ');
  return {
    apiVersion: 'v1', kind: 'Event', metadata: { name: evName, namespace: 'default' },
    involvedObject: { kind, name, ...(fieldPath ? { fieldPath } : {}) },
    type, reason, message, count,
    firstTimestamp: agoAt(first, WIDE_NOW), lastTimestamp: agoAt(last, WIDE_NOW),
    source: { component, ...(host ? { host } : {}) },
  };
}

const EVENTS = EVENT_ROWS.map(toEvent);
const info = BUILTIN_RESOURCES.find((r) => r.kind === 'Event' && r.group === '')!;
const opts = (o: Partial<GetTableOptions>): GetTableOptions => ({
  now: T0, wide: false, allNamespaces: false, withKindPrefix: false, showLabels: false, labelColumns: [], noHeaders: false, ...o,
});

describe('event table reproduces the captures', () => {
  it('kubectl get events', () => {
    expect(renderGetTable([{ info, objects: EVENTS }], opts({ now: T0 }))).toBe(REFERENCE['kubectl get events']);
  });
  it('kubectl get events -o wide', () => {
    expect(renderGetTable([{ info, objects: EVENTS }], opts({ now: WIDE_NOW, wide: true }))).toBe(REFERENCE['kubectl get events -o wide']);
  });
});

const base: EventLike = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p' } };
const ts = (s: number) => new Date(T0.getTime() - s * 1000).toISOString();

describe('event cell rules', () => {
  const lastSeen: Array<{ name: string; ev: EventLike; want: string }> = [
    { name: 'series wins over lastTimestamp', ev: { ...base, series: { lastObservedTime: ts(5), count: 3 }, lastTimestamp: ts(50) }, want: '5s' },
    { name: 'lastTimestamp when no series', ev: { ...base, lastTimestamp: ts(50), firstTimestamp: ts(90) }, want: '50s' },
    { name: 'falls back to firstTimestamp', ev: { ...base, firstTimestamp: ts(90) }, want: '90s' },
    { name: 'falls back to eventTime when neither is set', ev: { ...base, eventTime: ts(7) }, want: '7s' },
    { name: 'nothing set is unknown', ev: base, want: '<unknown>' },
  ];
  for (const tc of lastSeen) it(`LAST SEEN: ${tc.name}`, () => expect(eventLastSeen(tc.ev, T0)).toBe(tc.want));

  const counts: Array<{ name: string; ev: EventLike; want: string }> = [
    { name: 'count 0 prints 1', ev: { ...base, count: 0 }, want: '1' },
    { name: 'missing count prints 1', ev: base, want: '1' },
    { name: 'count as is', ev: { ...base, count: 7 }, want: '7' },
    { name: 'series count wins', ev: { ...base, count: 7, series: { count: 12, lastObservedTime: ts(1) } }, want: '12' },
  ];
  for (const tc of counts) it(`COUNT: ${tc.name}`, () => expect(eventCount(tc.ev)).toBe(tc.want));

  it('OBJECT has no group and lower-cases the kind', () =>
    expect(eventObject({ ...base, involvedObject: { kind: 'Deployment', apiVersion: 'apps/v1', name: 'web' } })).toBe('deployment/web'));
  it('OBJECT is the kind alone without a name', () => expect(eventObject({ ...base, involvedObject: { kind: 'Node' } })).toBe('node'));
  it('SOURCE falls back to reportingController and reportingInstance', () =>
    expect(eventSource({ ...base, reportingController: 'kubelet', reportingInstance: 'n1' })).toBe('kubelet, n1'));
  it('SOURCE is empty without a component even when a host is known', () =>
    expect(eventSource({ ...base, source: { host: 'n1' } })).toBe(''));
  it('MESSAGE is trimmed', () => expect(eventTable.cells({ ...base, message: '  hi \n' } as EventLike, { now: T0 })[6]).toBe('hi'));
});
