import { Strategy } from 'passport-strategy';
import { runStrategy } from './run-strategy.js';

/** Answers each request after a delay of its own: success for a known name, a refusal otherwise. */
class NamesStrategy extends Strategy {
  override authenticate(request: unknown) {
    const { name, delay } = request as { name: string; delay: number };
    setTimeout(() => (name.startsWith('known') ? this.success(name) : this.fail('unknown', 401)), delay);
  }
}

describe('runStrategy', () => {
  it('gives each request its own outcome, however their answers interleave', async () => {
    const strategy = new NamesStrategy();
    const outcomes = await Promise.all([
      runStrategy(strategy, { name: 'known-1', delay: 30 }, {}),
      runStrategy(strategy, { name: 'stranger', delay: 10 }, {}),
      runStrategy(strategy, { name: 'known-2', delay: 1 }, {}),
    ]);
    expect(outcomes).toEqual([
      { user: 'known-1', info: undefined },
      { user: false, info: 'unknown' },
      { user: 'known-2', info: undefined },
    ]);
  });

  it('rejects with the error a strategy reports', async () => {
    const failing = new (class extends Strategy {
      override authenticate() {
        this.error(new Error('database down'));
      }
    })();
    await expect(runStrategy(failing, {}, {})).rejects.toThrow('database down');
  });
});
