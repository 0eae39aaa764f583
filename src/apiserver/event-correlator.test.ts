import { describe, expect, it } from 'vitest';
import { admit, aggregate, decodeRecord, encodeRecord, loggerKey, messageKey, newRecord, retain, SPAM_BURST, SPAM_REFILL_MS } from './event-correlator';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the event aggregator', () => {
  it('combines from the tenth distinct message on, and a repeat of a message it holds is not combined', () => {
    const rec = newRecord(0);
    const combined = Array.from({ length: 12 }, (_, i) => aggregate(rec, 'Normal\nSuccessfulCreate', `Created pod: p${i}`, 0));
    expect(combined).toEqual([false, false, false, false, false, false, false, false, false, true, true, true]);
    // The set keeps nine once full: the oldest left, so p0 counts as new, p11 as held.
    expect(aggregate(rec, 'Normal\nSuccessfulCreate', 'Created pod: p11', 0)).toBe(false);
    expect(aggregate(rec, 'Normal\nSuccessfulCreate', 'Created pod: p0', 0)).toBe(true);
  });

  it('starts over after ten minutes without a similar event, not while they keep coming', () => {
    const rec = newRecord(0);
    for (let i = 0; i < 9; i++) aggregate(rec, 'g', `m${i}`, i * 9 * MIN);
    // 72 minutes in all, but never more than ten between two: the tenth is combined.
    expect(aggregate(rec, 'g', 'm9', 81 * MIN)).toBe(true);
    expect(aggregate(rec, 'g', 'm10', 91 * MIN + 1)).toBe(false);
  });

  it('keeps each type and reason apart', () => {
    const rec = newRecord(0);
    for (let i = 0; i < 9; i++) aggregate(rec, 'Normal\nA', `m${i}`, 0);
    expect(aggregate(rec, 'Normal\nB', 'm9', 0)).toBe(false);
    expect(aggregate(rec, 'Warning\nA', 'm9', 0)).toBe(false);
    expect(aggregate(rec, 'Normal\nA', 'm9', 0)).toBe(true);
  });
});

describe('the spam filter', () => {
  it('lets 25 through at once, then one every five minutes', () => {
    const rec = newRecord(0);
    const burst = Array.from({ length: 30 }, () => admit(rec, 0));
    expect(burst.filter(Boolean)).toHaveLength(SPAM_BURST);
    expect(burst.slice(25)).toEqual([false, false, false, false, false]);
    expect(admit(rec, SPAM_REFILL_MS - 1)).toBe(false);
    expect(admit(rec, SPAM_REFILL_MS)).toBe(true);
    expect(admit(rec, SPAM_REFILL_MS)).toBe(false);
  });

  it('refills no further than the burst', () => {
    const rec = newRecord(0);
    admit(rec, 0);
    const later = Array.from({ length: 27 }, () => admit(rec, 24 * HOUR));
    expect(later.filter(Boolean)).toHaveLength(SPAM_BURST);
  });
});

describe('a record kept between commands', () => {
  it('tells more than a new one until its bucket is full and its windows have passed', () => {
    const rec = newRecord(0);
    admit(rec, 0);
    admit(rec, 0);
    aggregate(rec, 'g', 'm', 0);
    expect(retain(rec, 0, HOUR)).toBe(2 * SPAM_REFILL_MS);
    for (let i = 0; i < 3; i++) admit(rec, 0);
    rec.combined.g = { name: 'x.1', last: 0 };
    expect(retain(rec, 0, HOUR)).toBe(HOUR);
  });

  it('drops what no longer bears on the next Event', () => {
    const rec = newRecord(0);
    aggregate(rec, 'old', 'm', 0);
    aggregate(rec, 'new', 'm', 9 * MIN);
    rec.combined.old = { name: 'x.1', last: 0 };
    const held = loggerKey('new', false, undefined, 'm');
    rec.unwritten[held] = { count: 2, first: '2026-01-01T00:09:00Z', last: 9 * MIN };
    expect(retain(rec, 10 * MIN + 1, HOUR)).toBe(9 * MIN + HOUR);
    expect(rec).toMatchObject({ groups: { new: { messages: [messageKey('m')] } }, combined: { old: { name: 'x.1' } } });
    expect(retain(rec, HOUR, HOUR)).toBe(9 * MIN + HOUR);
    expect(Object.keys(rec.combined)).toEqual([]);
    expect(Object.keys(rec.groups)).toEqual([]);
    expect(Object.keys(rec.unwritten)).toEqual([held]);
  });

  it('is kept as arrays, the empty parts left off, and read back whole', () => {
    const rec = newRecord(0);
    admit(rec, 0);
    aggregate(rec, 'Normal\nPulled', 'Successfully pulled image "nginx"', 0);
    expect(encodeRecord(rec)).toBe(`[${-24 * SPAM_REFILL_MS},[["Normal\\nPulled",0,"${messageKey('Successfully pulled image "nginx"')}"]]]`);
    expect(decodeRecord(encodeRecord(rec))).toEqual(rec);
    rec.combined.g = { name: 'x.1', last: 5 };
    rec.unwritten.k = { count: 3, first: '2026-01-01T00:00:00Z', last: 7 };
    expect(decodeRecord(encodeRecord(rec))).toEqual(rec);
  });
});
