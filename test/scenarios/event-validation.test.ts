/**
 * Events written by hand are validated as kube-apiserver v1.32 validates them
 * (pkg/apis/core/validation/events.go): the legacy rules for every Event, the strict ones for
 * events.k8s.io/v1 writes, field names as that code spells them. An events.k8s.io/v1 Event is
 * stored as the core Event, so core readers and their field selectors find it, and its
 * managedFields are the writer's, in its version, against the type's empty object.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const QUALIFIED = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

describe('Event validation', () => {
  const home = manualCluster('events', 7);
  afterAll(() => home.cleanup());
  const create = (yaml: string) => home.run('create -f -', { stdin: yaml });

  it('refuses an old-style core Event whose namespace is not its object\'s, and takes any path-segment name', () => {
    expect(create('apiVersion: v1\nkind: Event\nmetadata: {name: a}\ninvolvedObject: {kind: Pod, name: p, namespace: other}\nreason: R\n')).toEqual({
      code: 1, stdout: '', stderr: 'The Event "a" is invalid: involvedObject.namespace: Invalid value: "other": does not match event.namespace\n',
    });
    // A cluster-scoped object's Event may be in "default"; a core Event's name need only be a path segment.
    expect(create('apiVersion: v1\nkind: Event\nmetadata: {name: Node_Event}\ninvolvedObject: {kind: Node, name: n1}\nreason: R\n')).toEqual({ code: 0, stdout: 'event/Node_Event created\n', stderr: '' });
    expect(create('apiVersion: v1\nkind: Event\nmetadata: {name: a%b}\ninvolvedObject: {kind: Node, name: n1}\n')).toEqual({
      code: 1, stdout: '', stderr: 'The Event "a%b" is invalid: metadata.name: Invalid value: "a%b": may not contain \'%\'\n',
    });
  });

  it('asks a core Event with an eventTime for its reporter, naming the v1 field reportingComponent', () => {
    expect(create('apiVersion: v1\nkind: Event\nmetadata: {name: b}\neventTime: "2026-01-01T00:00:00.000000Z"\ninvolvedObject: {kind: Pod, name: p, namespace: default}\n')).toEqual({
      code: 1, stdout: '', stderr: `The Event "b" is invalid: \n* reportingComponent: Required value\n* reportingComponent: Invalid value: "": name part must be non-empty\n* reportingComponent: Invalid value: "": ${QUALIFIED}\n* reportingInstance: Required value\n* action: Required value\n* reason: Required value\n`,
    });
  });

  it('gives events.k8s.io/v1 writes the strict rules too', () => {
    expect(create('apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: c}\nregarding: {kind: Pod, name: p, namespace: default}\nreason: R\ntype: Normal\n')).toEqual({
      code: 1, stdout: '', stderr: 'The Event "c" is invalid: eventTime: Required value\n',
    });
    expect(create(`apiVersion: events.k8s.io/v1
kind: Event
metadata: {name: d}
eventTime: "2026-01-01T00:00:00.000000Z"
regarding: {kind: Pod, name: p, namespace: default}
reportingController: example.com/poker
reportingInstance: ${'i'.repeat(129)}
action: Poke
reason: R
type: Odd
deprecatedCount: 2
deprecatedSource: {component: me}
series: {count: 1}
`)).toEqual({
      code: 1, stdout: '', stderr: 'The Event "d" is invalid: \n* reportingInstance: Invalid value: "": can have at most 128 characters\n* series.count: Invalid value: "": should be at least 2\n* series.lastObservedTime: Required value\n* type: Invalid value: "": has invalid value: Odd\n* count: Invalid value: "": needs to be unset\n* source: Invalid value: "": needs to be unset\n',
    });
  });

  it('stores an events.k8s.io/v1 Event as the core one: core selectors find it, its fields are its writer\'s', () => {
    expect(create(`apiVersion: events.k8s.io/v1
kind: Event
metadata: {name: e}
eventTime: "2026-01-01T00:00:00.000000Z"
regarding: {kind: Pod, name: target, namespace: default}
reportingController: example.com/poker
reportingInstance: poker-1
action: Poke
reason: Poked
note: hello
type: Normal
`)).toEqual({ code: 0, stdout: 'event.events.k8s.io/e created\n', stderr: '' });
    expect(home.run('get events -o name --field-selector involvedObject.name=target').stdout).toBe('event/e\n');
    expect(home.run('get event e -o jsonpath={.reportingComponent}/{.message}').stdout).toBe('example.com/poker/hello');
    expect(JSON.parse(home.run('get events.events.k8s.io e -o jsonpath={.metadata.managedFields[0].fieldsV1}').stdout)).toEqual({
      'f:action': {}, 'f:eventTime': {}, 'f:note': {}, 'f:reason': {}, 'f:regarding': { 'f:kind': {}, 'f:name': {}, 'f:namespace': {} },
      'f:reportingController': {}, 'f:reportingInstance': {}, 'f:type': {},
    });
  });
});
