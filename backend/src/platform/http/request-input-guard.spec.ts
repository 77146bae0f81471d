import { findUnsafeText, jsonNestedDeeperThan, MAX_JSON_DEPTH, unsafeTextIssue } from './request-input-guard.js';

describe('jsonNestedDeeperThan', () => {
  it('counts the nesting of arrays and objects', () => {
    expect(jsonNestedDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestedDeeperThan('['.repeat(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ memo: `${'['.repeat(100)}"\\${'{'.repeat(100)}` });
    expect(jsonNestedDeeperThan(text, 1)).toBe(false);
  });
});

describe('unsafe text', () => {
  it('refuses NUL and lone surrogates, and takes any other text', () => {
    expect(unsafeTextIssue('a\u0000b', 'memo')?.message).toBe('memo must not contain NUL characters');
    expect(unsafeTextIssue('a\ud800', 'name')?.message).toMatch(/lone surrogate/);
    expect(unsafeTextIssue('\udc00', 'name')).not.toBeNull();
    expect(unsafeTextIssue('김민준 😀 \u0001', 'name')).toBeNull();
  });

  it('names where in a parsed input the text is, keys included', () => {
    expect(findUnsafeText({ contacts: [{ id: 1 }, { memo: 'x\u0000' }] }, '')?.path).toBe('contacts.1.memo');
    expect(findUnsafeText({ ok: { ['\ud800']: 1 } }, '')?.path).toBe('ok.key');
    expect(findUnsafeText({ fine: ['a', 1, null, true] }, '')).toBeNull();
  });
});
