import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('drops the least recently used entries when the count is reached', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('bounds the total weight, dropping as many old entries as a heavy one needs', () => {
    const cache = new LruCache<number, Buffer>(10, (value) => value.length);
    cache.set(1, Buffer.alloc(3));
    cache.set(2, Buffer.alloc(3));
    cache.set(3, Buffer.alloc(3));
    cache.get(1);
    cache.set(4, Buffer.alloc(6));
    expect([1, 2, 3, 4].map((key) => cache.get(key)?.length ?? null)).toEqual([3, null, null, 6]);
    expect(cache.weight).toBe(9);
  });

  it('replaces a key without counting it twice, and never keeps a value heavier than the room', () => {
    const cache = new LruCache<string, string>(5, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('a', 'yyy');
    expect(cache.weight).toBe(3);
    cache.set('b', 'zzzzzz');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('yyy');
    const none = new LruCache<string, string>(0, (value) => value.length);
    none.set('a', 'x');
    expect(none.size).toBe(0);
  });

  it('forgets everything on clear', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.weight).toBe(0);
  });

  it('lists and peeks at its values without making any more recent', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('b', 'yyy');
    cache.get('a');
    expect([...cache.list()]).toEqual([
      ['b', 'yyy'],
      ['a', 'xx'],
    ]);
    expect(cache.peek('b')).toBe('yyy');
    expect(cache.peek('c')).toBeUndefined();
    // b, still the least recently used, makes room.
    cache.set('c', 'zzzzzz');
    expect([...cache.list()]).toEqual([
      ['a', 'xx'],
      ['c', 'zzzzzz'],
    ]);
  });

  it('replaces a value where it stands in the order of use, making room for a heavier one', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('b', 'yyy');
    cache.set('c', 'z');
    cache.replace('b', 'YY');
    cache.replace('d', 'ignored');
    expect([...cache.list()]).toEqual([
      ['a', 'xx'],
      ['b', 'YY'],
      ['c', 'z'],
    ]);
    expect(cache.weight).toBe(5);
    // Seven more bytes: a, the least recently used, makes room.
    cache.replace('c', 'zzzzzzzz');
    expect([...cache.list()]).toEqual([
      ['b', 'YY'],
      ['c', 'zzzzzzzz'],
    ]);
    expect(cache.weight).toBe(10);
  });
});
