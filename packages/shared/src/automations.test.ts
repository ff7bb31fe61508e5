import { describe, expect, it } from 'vitest';
import {
  CreateAutomationBodySchema,
  defaultAutomationName,
  ordinal,
  suggestedAutomationName,
} from './automations.ts';

// Ids are UUIDs (shared ids.ts); any one will do for these rules.
const WORKSPACE_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

describe('automation rules', () => {
  it('writes ordinals correctly', () => {
    const expected = [
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '30th',
      '31st',
    ];
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31].map(ordinal)).toEqual(expected);
  });

  it('names automations', () => {
    expect(suggestedAutomationName(21, 'Pay rent')).toBe('Monthly on 21st add Pay rent in Execute');
    expect(defaultAutomationName(5)).toBe('Monthly Automation 5');
  });

  it('accepts both wire readings of spec §3 and normalises them', () => {
    const step = [{ type: 'TASK', payload: { taskName: 'Pay rent' } }];
    const a = CreateAutomationBodySchema.parse({
      workspaceId: WORKSPACE_ID,
      name: 'Rent',
      trigger: { frequency: 'MONTHLY', dayOfMonth: 31 },
      steps: step,
    });
    const b = CreateAutomationBodySchema.parse({
      workspaceId: WORKSPACE_ID,
      name: 'Rent',
      day: 31,
      actions: step,
    });
    expect(a).toEqual({
      workspaceId: WORKSPACE_ID,
      name: 'Rent',
      dayOfMonth: 31,
      taskName: 'Pay rent',
    });
    expect(b).toEqual(a);
  });

  it('rejects bad days, long names and trailing newlines', () => {
    const base = {
      workspaceId: WORKSPACE_ID,
      actions: [{ type: 'TASK', payload: { taskName: 'x' } }],
    };
    for (const day of [0, 32, 1.5])
      expect(CreateAutomationBodySchema.safeParse({ ...base, day }).success).toBe(false);
    expect(
      CreateAutomationBodySchema.safeParse({ ...base, day: 1, name: 'x'.repeat(101) }).success,
    ).toBe(false);
    expect(CreateAutomationBodySchema.safeParse({ ...base, day: 1, name: 'Rent\n' }).success).toBe(
      false,
    );
    const longTask = {
      workspaceId: WORKSPACE_ID,
      day: 1,
      actions: [{ type: 'TASK', payload: { taskName: 'y'.repeat(101) } }],
    };
    expect(CreateAutomationBodySchema.safeParse(longTask).success).toBe(false);
    expect(
      CreateAutomationBodySchema.safeParse({ ...base, day: 1, name: 'x'.repeat(100) }).success,
    ).toBe(true);
  });

  it('shortens the suggested name of a long task to the name limit', () => {
    const name = suggestedAutomationName(31, 'Renew '.repeat(20).trim());
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name).toMatch(/^Monthly on 31st add Renew Renew .*… in Execute$/);
    expect(
      CreateAutomationBodySchema.safeParse({
        workspaceId: WORKSPACE_ID,
        name,
        day: 31,
        actions: [{ type: 'TASK', payload: { taskName: 'x' } }],
      }).success,
    ).toBe(true);
    const fits = 'x'.repeat(100 - 'Monthly on 1st add  in Execute'.length);
    expect(suggestedAutomationName(1, fits)).toBe(`Monthly on 1st add ${fits} in Execute`);
  });
});
