import { DELIVERY_LOOKUP_SCHEDULE_MS, isPastReporting, lookupDelay, UNKNOWN_AFTER_MS } from './delivery-lookups.js';

const accepted = new Date('2026-11-25T01:00:00Z');
const after = (ms: number) => new Date(accepted.getTime() + ms);

describe('delivery look-ups', () => {
  it('reads the records 1, 5 and 30 minutes, 2 and 24 hours after the call was accepted', () => {
    expect(DELIVERY_LOOKUP_SCHEDULE_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 86_400_000]);
    expect(lookupDelay(DELIVERY_LOOKUP_SCHEDULE_MS, 0, accepted, accepted)).toBe(60_000);
    // Counted from the acceptance, not from the previous look-up (which may have run late).
    expect(lookupDelay(DELIVERY_LOOKUP_SCHEDULE_MS, 2, accepted, after(6 * 60_000))).toBe(24 * 60_000);
    expect(lookupDelay(DELIVERY_LOOKUP_SCHEDULE_MS, 1, accepted, after(3600_000))).toBe(0);
  });

  it('looks one last time at 72 hours, then once a day should the clock say it is not yet time', () => {
    expect(lookupDelay(DELIVERY_LOOKUP_SCHEDULE_MS, 5, accepted, after(86_400_000))).toBe(48 * 3600_000);
    expect(lookupDelay([100, 200], 3, accepted, after(UNKNOWN_AFTER_MS))).toBe(24 * 3600_000);
  });

  it('calls a message unknown once 72 hours have passed since its call was accepted', () => {
    expect(isPastReporting(accepted, after(UNKNOWN_AFTER_MS - 1))).toBe(false);
    expect(isPastReporting(accepted, after(UNKNOWN_AFTER_MS))).toBe(true);
  });
});
