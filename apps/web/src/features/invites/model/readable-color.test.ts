import { PROJECT_PALETTE } from '@hustle/shared/constants';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor } from './readable-color.ts';

describe('readableTextColor', () => {
  it.each(['light', 'dark'] as const)(
    'gives every palette colour AA contrast on the %s card',
    (theme) => {
      const surface = theme === 'light' ? '#ffffff' : '#212121';
      for (const color of PROJECT_PALETTE) {
        expect(contrastRatio(readableTextColor(color, theme), surface)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('keeps a colour that already reads well, and darkens one that does not', () => {
    expect(readableTextColor('#4b0082', 'light')).toBe('#4b0082');
    expect(readableTextColor('#ffdf90', 'dark')).toBe('#ffdf90');
    const darkened = readableTextColor('#ffdf90', 'light');
    expect(darkened).not.toBe('#ffdf90');
    expect(darkened).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('falls back to the text colour without a usable colour', () => {
    expect(readableTextColor(null, 'light')).toBe('#1f1f1e');
    expect(readableTextColor('rebeccapurple', 'dark')).toBe('#e8e8e6');
  });
});
