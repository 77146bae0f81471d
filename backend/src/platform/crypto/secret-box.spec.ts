import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('opens what it sealed, Korean included, and never shows the plaintext', () => {
    const sealed = box.seal('1//0g-refresh-토큰');
    expect(sealed).not.toContain('refresh');
    expect(box.open(sealed)).toBe('1//0g-refresh-토큰');
  });

  it('seals the same text differently each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and a different key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });

  it('tells keys apart by a short fingerprint', () => {
    const key = randomBytes(32).toString('base64');
    expect(new SecretBox(key).fingerprint()).toBe(new SecretBox(key).fingerprint());
    expect(new SecretBox(key).fingerprint()).not.toBe(box.fingerprint());
    expect(new SecretBox(key).fingerprint()).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
