import type { CSSProperties } from 'react';

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** WCAG relative luminance of a #rrggbb colour, or null for anything else. */
export function relativeLuminance(color: string): number | null {
  const match = HEX.exec(color);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((channel) => {
    const value = parseInt(channel, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const INK_DARK = '#1f1f1e';
const INK_LIGHT = '#ffffff';

/** The ink (dark or white) that reads best on a project colour, e.g. a tick inside a box. */
export function inkOn(color: string): string {
  const luminance = relativeLuminance(color);
  if (luminance === null) return INK_LIGHT;
  // Contrast with white is 1.05/(L+0.05); with near-black (L≈0.015) it is (L+0.05)/0.065.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.065 ? INK_LIGHT : INK_DARK;
}

/** One style per colour: a workspace has a few colours and hundreds of rows showing them. */
const styles = new Map<string, CSSProperties>();

/**
 * DESIGN: project colours appear as bars, dots and the checkbox ring. They travel as CSS custom
 * properties (set through the CSSOM, which the strict CSP allows), so no colour is hard-coded.
 * The same object for the same colour: its ink is worked out once, and a row drawn again with an
 * unchanged colour leaves its style alone.
 */
export function projectColorStyle(color: string | null | undefined): CSSProperties | undefined {
  if (!color) return undefined;
  let style = styles.get(color);
  if (!style) {
    const properties: Record<string, string> = {
      '--project-color': color,
      '--project-ink': inkOn(color),
    };
    style = Object.freeze(properties);
    styles.set(color, style);
  }
  return style;
}
