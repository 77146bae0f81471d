import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from './idempotency-keys.ts';

describe('idempotencyKeys', () => {
  it('keeps the key of a request tried again, and gives another request or a request after a success a new one', () => {
    const keys = idempotencyKeys();
    const first = keys.keyFor({ recipients: [{ phone: '010-1234-5678', text: '안녕하세요' }] });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.keyFor({ recipients: [{ phone: '010-1234-5678', text: '안녕하세요' }] })).toBe(first);
    const edited = keys.keyFor({ recipients: [{ phone: '010-1234-5678', text: '안녕하세요!' }] });
    expect(edited).not.toBe(first);
    keys.succeeded();
    expect(keys.keyFor({ recipients: [{ phone: '010-1234-5678', text: '안녕하세요!' }] })).not.toBe(edited);
  });
});
