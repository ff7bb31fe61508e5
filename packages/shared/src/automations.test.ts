import { describe, expect, it } from 'vitest';
import {
  AutomationPeriodBodySchema,
  CreateAutomationBodySchema,
  defaultAutomationName,
  defaultNameFor,
  suggestedNameFor,
  triggerText,
  UpdateAutomationBodySchema,
  weekdaysText,
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
      trigger: { frequency: 'MONTHLY', dayOfMonth: 31 },
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

describe('weekly and daily automations (decision 026)', () => {
  const body = (trigger: unknown) => ({
    workspaceId: WORKSPACE_ID,
    trigger,
    steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
  });

  it('reads the weekdays in week order and each once', () => {
    const parsed = CreateAutomationBodySchema.parse(
      body({ frequency: 'WEEKLY', weekdays: [5, 1] }),
    );
    expect(parsed.trigger).toEqual({ frequency: 'WEEKLY', weekdays: [1, 5] });
    for (const weekdays of [[], [0], [8], [2, 2], [1.5]]) {
      expect(
        CreateAutomationBodySchema.safeParse(body({ frequency: 'WEEKLY', weekdays })).success,
      ).toBe(false);
    }
    expect(CreateAutomationBodySchema.parse(body({ frequency: 'DAILY' })).trigger).toEqual({
      frequency: 'DAILY',
    });
    expect(
      CreateAutomationBodySchema.safeParse(body({ frequency: 'DAILY', weekdays: [1] })).success,
    ).toBe(false);
  });

  it('keeps the day/actions reading monthly', () => {
    const parsed = CreateAutomationBodySchema.parse({
      workspaceId: WORKSPACE_ID,
      day: 31,
      actions: [{ type: 'TASK', payload: { taskName: 'Invoice' } }],
    });
    expect(parsed.trigger).toEqual({ frequency: 'MONTHLY', dayOfMonth: 31 });
  });

  it('names and describes each frequency', () => {
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('weekdays');
    expect(weekdaysText([6, 7])).toBe('weekends');
    expect(weekdaysText([3])).toBe('Wednesday');
    expect(weekdaysText([1, 3, 5])).toBe('Mon, Wed and Fri');
    expect(triggerText({ frequency: 'MONTHLY', dayOfMonth: 2 })).toBe('Every month on the 2nd');
    expect(triggerText({ frequency: 'WEEKLY', weekdays: [2, 4] })).toBe('Every Tue and Thu');
    expect(triggerText({ frequency: 'DAILY' })).toBe('Every day');
    expect(defaultNameFor({ frequency: 'MONTHLY', dayOfMonth: 9 })).toBe('Monthly Automation 9');
    expect(defaultNameFor({ frequency: 'DAILY' })).toBe('Daily Automation');
    expect(suggestedNameFor({ frequency: 'MONTHLY', dayOfMonth: 3 }, 'Pay')).toBe(
      'Monthly on 3rd add Pay in Execute',
    );
    expect(suggestedNameFor({ frequency: 'WEEKLY', weekdays: [1] }, 'Plan')).toBe(
      'Weekly on Monday add Plan in Execute',
    );
    expect(suggestedNameFor({ frequency: 'DAILY' }, 'x'.repeat(200)).length).toBeLessThanOrEqual(
      100,
    );
  });

  it('accepts a period only when it is a real month or day', () => {
    for (const period of ['2026-11', '2026-11-23', '2028-02-29']) {
      expect(AutomationPeriodBodySchema.safeParse({ period }).success).toBe(true);
    }
    for (const period of ['2026-13', '2026-02-30', '26-11', '2026-11-23T00:00', '']) {
      expect(AutomationPeriodBodySchema.safeParse({ period }).success).toBe(false);
    }
  });

  it('takes an edit of any field, but not an empty one', () => {
    expect(UpdateAutomationBodySchema.safeParse({}).success).toBe(false);
    expect(UpdateAutomationBodySchema.safeParse({ name: 'Rent' }).success).toBe(true);
    expect(UpdateAutomationBodySchema.safeParse({ taskName: ' ' }).success).toBe(false);
    expect(
      UpdateAutomationBodySchema.safeParse({ trigger: { frequency: 'WEEKLY', weekdays: [7] } })
        .success,
    ).toBe(true);
  });
});
