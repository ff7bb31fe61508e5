import { memo, useEffect, useState } from 'react';
import type { FocusState } from '@hustle/shared/focus';
import { faceOf, isTicking, phaseOf, titleWith, type Pomodoro } from '../model/focus-clock.ts';

type FocusClockProps = {
  focus: FocusState;
  pomodoro: Pomodoro;
  /** A Pomodoro focus period ran out: the entry ends (a pause) at that instant. */
  onPeriodOver: (endsAt: string) => void;
  className?: string | undefined;
};

/**
 * The ticking face of the timer, and the tab title's prefix: the one component that re-renders
 * each second, reading the stored start times (decision 076), never a tick kept elsewhere. A
 * `timer` role is not announced as it changes; a screen reader reads it when asked.
 */
export const FocusClock = memo(function FocusClock({
  focus,
  pomodoro,
  onPeriodOver,
  className,
}: FocusClockProps) {
  const [now, setNow] = useState(() => Date.now());
  const ticking = isTicking(focus, pomodoro);
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);

  const phase = phaseOf(focus, ticking ? now : Date.now(), pomodoro);
  const face = faceOf(phase);
  useEffect(() => {
    document.title = titleWith(document.title, face.title);
  }, [face.title]);
  useEffect(() => () => void (document.title = titleWith(document.title, null)), []);

  const endsAt = phase.kind === 'periodOver' ? phase.endsAt : null;
  useEffect(() => {
    if (endsAt) onPeriodOver(endsAt);
  }, [endsAt, onPeriodOver]);

  const words =
    phase.kind === 'break'
      ? 'Break left '
      : 'isCountdown' in phase && phase.isCountdown
        ? 'Time left '
        : 'Time spent ';
  return (
    <span role="timer" className={className}>
      <span className="visually-hidden">{words}</span>
      {face.text}
    </span>
  );
});
