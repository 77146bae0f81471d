// A small seeded pseudo-random generator (mulberry32), so the seed data is the same on every run.
import { createHash } from 'node:crypto';

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
}

/** Turns any string into a 32-bit seed. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

export function createRandom(seed: number | string): Random {
  let state = (typeof seed === 'string' ? seedOf(seed) : seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
  };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A Drive-like id (Google's ids are 33 characters for files, 44 for Google Sheets) derived from a stable key. */
export function stableId(key: string, length = 33): string {
  const bytes = createHash('sha512').update(`drive:${key}`).digest();
  let id = '1';
  for (let i = 0; id.length < length; i++) id += ID_ALPHABET[bytes[i % bytes.length] & 63];
  return id;
}

/** A numeric id like Google account ids (21 digits) derived from a stable key. */
export function stableNumericId(key: string, digits = 21): string {
  const bytes = createHash('sha256').update(`number:${key}`).digest();
  let id = '1';
  for (let i = 0; id.length < digits; i++) id += String(bytes[i % bytes.length] % 10);
  return id;
}
