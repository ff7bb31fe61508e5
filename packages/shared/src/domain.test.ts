import { describe, expect, it } from 'vitest';
import { FREE_ACCESS, hasReachedLimit, PREMIUM_ACCESS } from './access.ts';
import { ColorSchema, pickProjectColor } from './colors.ts';
import { PROJECT_PALETTE } from './constants.ts';
import {
  isSubmittableTaskText,
  newTaskLines,
  ProjectNameSchema,
  TaskRenameSchema,
} from './names.ts';
import { accessForPlan } from './plans.ts';
import { deriveTaskState } from './tasks.ts';

describe('task state (spec §3)', () => {
  it('is DONE when completed, whatever the planned list says', () => {
    expect(deriveTaskState('2026-01-01T00:00:00.000Z', true)).toBe('DONE');
    expect(deriveTaskState('2026-01-01T00:00:00.000Z', false)).toBe('DONE');
  });
  it('is PLANNED in the planned list, else IDLE', () => {
    expect(deriveTaskState(null, true)).toBe('PLANNED');
    expect(deriveTaskState(null, false)).toBe('IDLE');
  });
});

describe('project colour (spec §4)', () => {
  it('picks an unused palette colour', () => {
    const used = PROJECT_PALETTE.slice(0, 11);
    expect(pickProjectColor(used)).toBe(PROJECT_PALETTE[11]);
    for (let i = 0; i < 50; i++) {
      const color = pickProjectColor(['#FF9F45', '#009379']);
      expect(PROJECT_PALETTE).toContain(color);
      expect(['#ff9f45', '#009379']).not.toContain(color);
    }
  });
  it('falls back to a random RGB colour when all twelve are used', () => {
    const color = pickProjectColor(PROJECT_PALETTE, () => 0.5);
    expect(color).toBe('#808080');
    expect(ColorSchema.parse(pickProjectColor(PROJECT_PALETTE))).toMatch(/^#[0-9a-f]{6}$/);
  });
  it('validates and lowercases colours', () => {
    expect(ColorSchema.parse('#FF9F45')).toBe('#ff9f45');
    expect(ColorSchema.safeParse('red').success).toBe(false);
    expect(ColorSchema.safeParse('#fff').success).toBe(false);
  });
});

describe('names (spec §5)', () => {
  it('trims project names and bounds them to 1–100', () => {
    expect(ProjectNameSchema.parse('  Home  ')).toBe('Home');
    expect(ProjectNameSchema.safeParse('   ').success).toBe(false);
    expect(ProjectNameSchema.safeParse('x'.repeat(100)).success).toBe(true);
    expect(ProjectNameSchema.safeParse('x'.repeat(101)).success).toBe(false);
  });
  it('bounds renamed tasks to 200', () => {
    expect(TaskRenameSchema.safeParse('x'.repeat(200)).success).toBe(true);
    expect(TaskRenameSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });
  it('ignores text ending in a newline, blank text and text over 2048', () => {
    expect(isSubmittableTaskText('Buy milk')).toBe(true);
    expect(isSubmittableTaskText('Buy milk\n')).toBe(false);
    expect(isSubmittableTaskText('  \t ')).toBe(false);
    expect(isSubmittableTaskText('x'.repeat(2049))).toBe(false);
  });
  it('splits several lines into the non-empty ones', () => {
    expect(newTaskLines('a\n\n  b \r\nc')).toEqual(['a', 'b', 'c']);
  });
});

describe('plan access (spec §6)', () => {
  it('maps plans to their limits', () => {
    expect(accessForPlan('FREE')).toEqual(FREE_ACCESS);
    expect(accessForPlan('PREMIUM')).toEqual(PREMIUM_ACCESS);
    expect(FREE_ACCESS).toMatchObject({
      projectsLimit: 5,
      automationsLimit: 2,
      archives: false,
      projectSharing: false,
    });
  });
  it('treats a null limit as none', () => {
    expect(hasReachedLimit(null, 10_000)).toBe(false);
    expect(hasReachedLimit(5, 4)).toBe(false);
    expect(hasReachedLimit(5, 5)).toBe(true);
  });
});
