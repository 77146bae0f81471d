import { type DeliveryTally, sendOutcome } from './send-outcome.js';

const NONE: DeliveryTally = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, unknown: 0, cancelled: 0 };
const of = (tally: Partial<DeliveryTally>) => sendOutcome({ ...NONE, ...tally });

describe('sendOutcome', () => {
  it('is pending while any message waits to go out, goes out, or waits for its report', () => {
    expect(of({ queued: 1, delivered: 5 }).outcome).toBe('pending');
    expect(of({ sending: 1, failed: 5 }).outcome).toBe('pending');
    expect(of({ sent: 3, delivered: 2 })).toEqual({
      outcome: 'pending',
      delivered: 2,
      failed: 0,
      pending: 3,
      unknown: 0,
      cancelled: 0,
    });
  });

  it('is delivered only when every message arrived', () => {
    expect(of({ delivered: 4 }).outcome).toBe('delivered');
    expect(of({ delivered: 4, unknown: 1 }).outcome).not.toBe('delivered');
  });

  it('is partly failed when some arrived and others failed or stayed unknown', () => {
    expect(of({ delivered: 3, failed: 1 }).outcome).toBe('partly-failed');
    expect(of({ delivered: 3, unknown: 1 }).outcome).toBe('partly-failed');
  });

  it('is failed when none arrived and some failed, unknown when none is known either way', () => {
    expect(of({ failed: 2, unknown: 1 }).outcome).toBe('failed');
    expect(of({ unknown: 2 }).outcome).toBe('unknown');
  });

  it('is cancelled when nothing went out because the send was stopped', () => {
    expect(of({ cancelled: 2 })).toMatchObject({ outcome: 'cancelled', cancelled: 2 });
  });
});
