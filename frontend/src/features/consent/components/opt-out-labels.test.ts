import { describe, expect, it } from 'vitest';
import { SOURCE_OPTIONS, sourceLabel } from './opt-out-labels.ts';

describe('opt-out sources', () => {
  it("names staff's sources and a bounce's, which staff cannot choose", () => {
    expect(sourceLabel('080')).toBe('080 line');
    expect(sourceLabel('bounce')).toBe('E-mail bounced');
    expect(SOURCE_OPTIONS.map((option) => option.id)).not.toContain('bounce');
  });
});
