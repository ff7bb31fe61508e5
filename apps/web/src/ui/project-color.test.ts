import { describe, expect, it } from 'vitest';
import { inkOn, projectColorStyle, relativeLuminance } from './project-color.ts';

describe('project colours', () => {
  it('computes WCAG luminance for #rrggbb only', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('red')).toBeNull();
  });

  it('picks dark ink on light palette colours and white ink on dark ones', () => {
    expect(inkOn('#ffdf90')).toBe('#1f1f1e');
    expect(inkOn('#b4d400')).toBe('#1f1f1e');
    expect(inkOn('#4b0082')).toBe('#ffffff');
    expect(inkOn('#3366ff')).toBe('#ffffff');
  });

  it('passes the colour as custom properties, or nothing without a colour', () => {
    expect(projectColorStyle('#4b0082')).toEqual({
      '--project-color': '#4b0082',
      '--project-ink': '#ffffff',
    });
    expect(projectColorStyle(null)).toBeUndefined();
  });

  it('gives the same style object for the same colour, so rows of one project share it', () => {
    const first = projectColorStyle('#3366ff');
    expect(projectColorStyle('#3366ff')).toBe(first);
    expect(projectColorStyle('#ff9f45')).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});
