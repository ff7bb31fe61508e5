import { generateKeyBetween } from 'fractional-indexing';

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
