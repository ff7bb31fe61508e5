import { z } from 'zod';
import { PROJECT_PALETTE } from './constants.ts';

export const ColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb.')
  .transform((value) => value.toLowerCase());

/**
 * spec §4: a new project gets a random palette colour its workspace does not use yet; when all
 * twelve are taken, a random RGB colour.
 */
export function pickProjectColor(
  usedColors: Iterable<string | null>,
  random = Math.random,
): string {
  const used = new Set([...usedColors].filter(Boolean).map((color) => color!.toLowerCase()));
  const free = PROJECT_PALETTE.filter((color) => !used.has(color));
  if (free.length > 0) return free[Math.floor(random() * free.length)]!;
  const channel = () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0');
  return `#${channel()}${channel()}${channel()}`;
}
