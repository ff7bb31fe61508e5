import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyBetween, keysAfter } from './ordering.ts';

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('order keys', () => {
  it('sort between their neighbours, byte-wise, after any sequence of inserts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), (slots) => {
        const keys: string[] = [];
        for (const slot of slots) {
          const at = slot % (keys.length + 1);
          keys.splice(at, 0, keyBetween(keys[at - 1] ?? null, keys[at] ?? null));
        }
        expect([...keys].sort(byteOrder)).toEqual(keys);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});

describe('keys appended in bulk', () => {
  it('ascend after the last key, each sorting after it', () => {
    const last = keyBetween(null, null);
    const keys = keysAfter(last, 50);
    expect(keys).toHaveLength(50);
    expect([...keys].sort(byteOrder)).toEqual(keys);
    expect(keys.every((key) => key > last)).toBe(true);
    expect(keysAfter(null, 0)).toEqual([]);
  });
});
