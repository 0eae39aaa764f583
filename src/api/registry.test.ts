import { describe, expect, it } from 'vitest';
import { builtinRegistry, UnknownResourceTypeError } from './registry';

const resolved = (arg: string) => {
  try {
    const info = builtinRegistry.resolve(arg);
    return `${info.resource}.${info.group}`;
  } catch (e) {
    if (e instanceof UnknownResourceTypeError) return e.message;
    throw e;
  }
};

describe('Registry.resolve', () => {
  it('matches a plural, singular or kind in any case, as kubectl lowercases the resource word', () => {
    expect(resolved('PODS')).toBe('pods.');
    expect(resolved('Deployment')).toBe('deployments.apps');
    expect(resolved('deployments.v1.apps')).toBe('deployments.apps');
  });

  it('expands a short name only as typed, and matches a group or version only as typed', () => {
    expect(resolved('po')).toBe('pods.');
    expect(resolved('PO')).toBe(`the server doesn't have a resource type "PO"`);
    expect(resolved('deploy.APPS')).toBe(`the server doesn't have a resource type "deploy"`);
    expect(resolved('deployments.V1.apps')).toBe(`the server doesn't have a resource type "deployments"`);
  });

  it('names only the resource word of an unknown type, as kubectl\'s builder does', () => {
    expect(resolved('foo.bar')).toBe(`the server doesn't have a resource type "foo"`);
    expect(resolved('foo.v1.bar')).toBe(`the server doesn't have a resource type "foo"`);
  });

  it('picks the core Events for "ev", before events.k8s.io', () => {
    expect(resolved('ev')).toBe('events.');
    expect(resolved('ev.events.k8s.io')).toBe('events.events.k8s.io');
  });
});

describe('Registry.alsoMatchedBy', () => {
  const others = (arg: string) => builtinRegistry.alsoMatchedBy(arg).map((i) => `${i.resource}.${i.group}`);

  it('lists the lower-priority resources sharing a short name', () => {
    expect(others('ev')).toEqual(['events.events.k8s.io']);
  });

  it('lists none for a plural or singular, a group that leaves one resource, or an unshared short name', () => {
    expect(others('events')).toEqual([]);
    expect(others('event')).toEqual([]);
    expect(others('ev.events.k8s.io')).toEqual([]);
    expect(others('po')).toEqual([]);
    expect(others('EV')).toEqual([]);
  });
});
