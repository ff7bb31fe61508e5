import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Fractional order keys (ARCHITECTURE §3): a move writes one row, the key between its new
 * neighbours. null stands for "the start" / "the end".
 */
export function keyBetween(
  before: string | null | undefined,
  after: string | null | undefined,
): string {
  return generateKeyBetween(before ?? null, after ?? null);
}

/** `count` ascending keys after `last` (or from the start), for appending many rows at once. */
export function keysAfter(last: string | null | undefined, count: number): string[] {
  return generateNKeysBetween(last ?? null, null, count);
}

/** `count` ascending keys between two keys (null: the start or the end), for moving many rows. */
export function keysBetween(
  before: string | null | undefined,
  after: string | null | undefined,
  count: number,
): string[] {
  return generateNKeysBetween(before ?? null, after ?? null, count);
}
