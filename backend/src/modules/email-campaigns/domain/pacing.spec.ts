import { nextPacedSendAt } from './pacing.js';

describe('pacing', () => {
  const last = new Date('2026-12-01T01:00:00Z');

  it('waits the gap plus up to a quarter of it at random after the last send', () => {
    expect(nextPacedSendAt(last, 20_000, 0)).toEqual(new Date('2026-12-01T01:00:20Z'));
    expect(nextPacedSendAt(last, 20_000, 0.5)).toEqual(new Date('2026-12-01T01:00:22.500Z'));
    expect(nextPacedSendAt(last, 20_000, 0.999_999)!.getTime()).toBeLessThanOrEqual(
      new Date('2026-12-01T01:00:25Z').getTime(),
    );
  });

  it('does not wait without a gap or a send before', () => {
    expect(nextPacedSendAt(last, 0, 0.5)).toBeNull();
    expect(nextPacedSendAt(null, 20_000, 0.5)).toBeNull();
  });
});
