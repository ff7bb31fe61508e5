import { describe, expect, it } from 'vitest';
import type { FocusState } from '@hustle/shared/focus';
import { clockText, elapsedSeconds, faceOf, phaseOf, titleWith } from './focus-clock.ts';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const running = (carried = 0): FocusState => ({
  taskId: 't1',
  entryId: 'e1',
  startedAt: at(0),
  pausedAt: null,
  carriedSeconds: carried,
  taskName: 'Write',
});
const paused = (carried: number, pausedAt = at(0)): FocusState => ({
  ...running(carried),
  startedAt: null,
  pausedAt,
});
const off = { isOn: false, focusMinutes: 25, breakMinutes: 5 };
const pomodoro = { ...off, isOn: true };

describe('the focus clock, read from stored times', () => {
  it('counts from the start plus what the session carried, whatever the tick', () => {
    expect(elapsedSeconds(running(), T0 + 65_400)).toBe(65);
    expect(elapsedSeconds(running(600), T0 + 5_000)).toBe(605);
    expect(elapsedSeconds(paused(900), T0 + 999_000)).toBe(900);
  });

  it('writes minutes and seconds, and hours once past one', () => {
    expect([clockText(0), clockText(65), clockText(1500), clockText(3723)]).toEqual([
      '0:00',
      '1:05',
      '25:00',
      '1:02:03',
    ]);
  });

  it('counts up without the Pomodoro rhythm, and stands still paused', () => {
    expect(phaseOf(running(), T0 + 90_000, off)).toEqual({
      kind: 'focus',
      seconds: 90,
      isCountdown: false,
    });
    expect(faceOf(phaseOf(paused(90), T0 + 500_000, off))).toEqual({
      text: '1:30',
      title: '⏸ 1:30',
    });
  });

  it('with Pomodoro counts the period down, ends it where it ran out, then a break', () => {
    expect(faceOf(phaseOf(running(), T0 + 60_000, pomodoro)).text).toBe('24:00');
    // Resumed with 20 minutes done: the period ends 5 minutes after the resume.
    expect(phaseOf(running(1200), T0 + 400_000, pomodoro)).toEqual({
      kind: 'periodOver',
      endsAt: at(300),
    });
    const onBreak = paused(1500, at(0));
    expect(phaseOf(onBreak, T0 + 60_000, pomodoro)).toEqual({ kind: 'break', seconds: 240 });
    expect(phaseOf(onBreak, T0 + 301_000, pomodoro)).toEqual({ kind: 'breakOver' });
    // A pause before the period ends keeps what is left of it.
    expect(phaseOf(paused(600), T0 + 60_000, pomodoro)).toEqual({
      kind: 'paused',
      seconds: 900,
      isCountdown: true,
    });
  });

  it('prefixes the tab title once, and takes the prefix off again', () => {
    const first = titleWith('Hustle', '1:05');
    expect(first).toBe('1:05 · Hustle');
    expect(titleWith(first, '⏸ 1:06')).toBe('⏸ 1:06 · Hustle');
    expect(titleWith(titleWith(first, 'Break 4:59'), null)).toBe('Hustle');
    expect(titleWith('Break over · Hustle', null)).toBe('Hustle');
  });
});
