/** The seeded generator's draws are part of a cluster's reproducibility: a seed gives the same uids, names and hex. */
import { describe, expect, it } from 'vitest';
import { newRand } from './rand';

describe('newRand', () => {
  it('draws the same uuids, suffixes and hex from one seed, in that order', () => {
    const r = newRand(7);
    const out: string[] = [];
    for (let i = 0; i < 3; i++) out.push(r.uuid(), r.suffix(), r.hex(4));
    expect(out).toEqual([
      '0f33b19e-790f-4a08-89cd-cf56195be55a', 'vtl4w', 'b9a1',
      '733d4ae2-e761-4eca-bb4c-95a34b896b55', '6zwl6', '3d28',
      '1fe6857e-05ed-4c9d-9f53-24392f21b994', '8vdhr', 'b9f8',
    ]);
  });

  it('draws version-4 uuids with the RFC 4122 variant', () => {
    const r = newRand(123);
    for (let i = 0; i < 200; i++) expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
