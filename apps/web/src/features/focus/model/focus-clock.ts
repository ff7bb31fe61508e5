import type { FocusState } from '@hustle/shared/focus';

/**
 * What the focus timer shows at a moment (issue 30, decision 076), worked out from the stored
 * start times alone, so every device and every reload shows the same: nothing ticks but the
 * clock that reads them.
 */

/** An optional Pomodoro rhythm: a focus period, then a break (25/5 unless set). */
export interface Pomodoro {
  isOn: boolean;
  focusMinutes: number;
  breakMinutes: number;
}

/** The session's time in seconds at `nowMs`: what it carried, plus the running entry's. */
export function elapsedSeconds(focus: FocusState, nowMs: number): number {
  if (focus.startedAt === null) return focus.carriedSeconds;
  const running = Math.floor((nowMs - Date.parse(focus.startedAt)) / 1000);
  return focus.carriedSeconds + Math.max(0, running);
}

export type FocusPhase =
  /** Counting: up, or down to the end of a Pomodoro focus period. */
  | { kind: 'focus'; seconds: number; isCountdown: boolean }
  /** The running Pomodoro period is over: it ends (a pause) at `endsAt`. */
  | { kind: 'periodOver'; endsAt: string }
  | { kind: 'paused'; seconds: number; isCountdown: boolean }
  /** A Pomodoro break, counting down. */
  | { kind: 'break'; seconds: number }
  | { kind: 'breakOver' };

/** The timer's phase at `nowMs` under the Pomodoro setting. */
export function phaseOf(focus: FocusState, nowMs: number, pomodoro: Pomodoro): FocusPhase {
  const elapsed = elapsedSeconds(focus, nowMs);
  if (!pomodoro.isOn) {
    return focus.startedAt === null
      ? { kind: 'paused', seconds: elapsed, isCountdown: false }
      : { kind: 'focus', seconds: elapsed, isCountdown: false };
  }
  const period = pomodoro.focusMinutes * 60;
  if (focus.startedAt !== null) {
    if (elapsed < period) return { kind: 'focus', seconds: period - elapsed, isCountdown: true };
    const endsAt = Date.parse(focus.startedAt) + (period - focus.carriedSeconds) * 1000;
    return { kind: 'periodOver', endsAt: new Date(endsAt).toISOString() };
  }
  if (elapsed < period) return { kind: 'paused', seconds: period - elapsed, isCountdown: true };
  const breakLeft =
    pomodoro.breakMinutes * 60 -
    Math.floor((nowMs - Date.parse(focus.pausedAt ?? new Date(nowMs).toISOString())) / 1000);
  return breakLeft > 0 ? { kind: 'break', seconds: breakLeft } : { kind: 'breakOver' };
}

/** "4:05", "25:00", "1:02:03": the clock's face. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** What the phase shows on the clock, and as the tab title's prefix. */
export function faceOf(phase: FocusPhase): { text: string; title: string } {
  switch (phase.kind) {
    case 'focus':
      return { text: clockText(phase.seconds), title: clockText(phase.seconds) };
    case 'paused':
      return { text: clockText(phase.seconds), title: `⏸ ${clockText(phase.seconds)}` };
    case 'periodOver':
      return { text: '0:00', title: '0:00' };
    case 'break':
      return { text: clockText(phase.seconds), title: `Break ${clockText(phase.seconds)}` };
    case 'breakOver':
      return { text: 'Break over', title: 'Break over' };
  }
}

/** Whether the clock's face changes with time (a paused one stands still). */
export const isTicking = (focus: FocusState, pomodoro: Pomodoro) =>
  focus.startedAt !== null || (pomodoro.isOn && focus.pausedAt !== null);

const TITLE_PREFIX = /^(?:⏸ |Break )?(?:\d+:)?\d+:\d{2} · |^Break over · /;

/** The tab's title with the timer's prefix, or without it for `null`. */
export const titleWith = (current: string, prefix: string | null) => {
  const base = current.replace(TITLE_PREFIX, '');
  return prefix === null ? base : `${prefix} · ${base}`;
};
