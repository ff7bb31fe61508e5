import { describe, expect, it } from 'vitest';
import { reminderFieldText, reminderInput } from './reminder-input.ts';

const now = new Date('2026-11-28T10:00:00Z');

describe('reminder input (issue 30)', () => {
  it('reads the time in the user’s time zone, not the browser’s, and sends it in UTC', () => {
    expect(reminderInput('2026-11-28T14:30', 'Europe/Warsaw', now)).toEqual({
      remindAt: '2026-11-28T13:30:00.000Z',
      error: null,
    });
    expect(reminderInput('2026-11-28T09:00', 'America/New_York', now).remindAt).toBe(
      '2026-11-28T14:00:00.000Z',
    );
    // Summer time in Warsaw: two hours ahead of UTC.
    expect(reminderInput('2027-07-01T09:00', 'Europe/Warsaw', now).remindAt).toBe(
      '2027-07-01T07:00:00.000Z',
    );
  });

  it('shows a stored instant as the wall-clock time where the user is', () => {
    expect(reminderFieldText('2026-11-28T13:30:00.000Z', 'Europe/Warsaw')).toBe('2026-11-28T14:30');
    expect(reminderFieldText('2026-11-28T13:30:00.000Z', 'UTC')).toBe('2026-11-28T13:30');
  });

  it('refuses an empty or past time, saying why', () => {
    expect(reminderInput('', 'UTC', now)).toEqual({
      remindAt: null,
      error: 'Choose a date and a time.',
    });
    expect(reminderInput('2026-11-28T09:00', 'UTC', now)).toEqual({
      remindAt: null,
      error: 'That time has passed. Choose a later one.',
    });
    // "Now" is not in the past: a device's clock may run a little behind the server's.
    expect(reminderInput('2026-11-28T10:00', 'UTC', now).error).toBeNull();
  });
});
