import { relativeLuminance } from '../../../ui/project-color.ts';
import type { Theme } from '../../../ui/theme.ts';

/** The surfaces the invite card sits on (tokens.css --color-surface). */
const SURFACE: Record<Theme, string> = { light: '#ffffff', dark: '#212121' };
const AA_TEXT = 4.5;
const FALLBACK: Record<Theme, string> = { light: '#1f1f1e', dark: '#e8e8e6' };

const toHex = (channels: number[]) =>
  `#${channels.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

const channelsOf = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a) ?? 0;
  const lb = relativeLuminance(b) ?? 0;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The project's colour as text that meets WCAG AA on the card (DESIGN: text on any colour meets
 * 4.5:1): the colour itself when it does, else the same hue mixed toward black (light theme) or
 * white (dark theme) just far enough.
 */
export function readableTextColor(color: string | null, theme: Theme): string {
  if (!color || relativeLuminance(color) === null) return FALLBACK[theme];
  const surface = SURFACE[theme];
  if (contrastRatio(color, surface) >= AA_TEXT) return color.toLowerCase();
  const target = theme === 'light' ? 0 : 255;
  const channels = channelsOf(color);
  for (let step = 1; step <= 20; step++) {
    const mix = step / 20;
    const candidate = toHex(channels.map((value) => value + (target - value) * mix));
    if (contrastRatio(candidate, surface) >= AA_TEXT) return candidate;
  }
  return FALLBACK[theme];
}
