import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import { useFocus, useFocusActions, usePomodoro } from '../../../stores/focus.ts';
import { GearIcon, PauseIcon, PlayIcon, StopIcon } from '../../../ui/icons.tsx';
import { FocusClock } from './focus-clock.tsx';
import { PomodoroDialog } from './pomodoro-dialog.tsx';
import { useIsPhone } from './use-is-phone.ts';
import styles from './focus-timer.module.css';

/**
 * The top bar's focus timer (issue 30): the task, its clock, pause or resume, stop, and the
 * Pomodoro rhythm. It shows on every device of the user while a timer runs or is paused; only
 * its clock ticks.
 */
export function FocusTimer() {
  const focus = useFocus();
  const pomodoro = usePomodoro(
    useShallow(({ isOn, focusMinutes, breakMinutes }) => ({ isOn, focusMinutes, breakMinutes })),
  );
  const actions = useFocusActions();
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const isPhone = useIsPhone();
  const { pause } = actions;
  const endPeriod = useCallback((endsAt: string) => pause(endsAt), [pause]);
  if (!focus) return null;

  const isRunning = focus.startedAt !== null;
  // A Pomodoro period done: the next one starts afresh rather than carrying the last on.
  const isPeriodDone = pomodoro.isOn && focus.carriedSeconds >= pomodoro.focusMinutes * 60;
  const task = { id: focus.taskId, projectId: focus.projectId };
  const timer = (
    <div className={styles.timer} role="group" aria-label={`Focus on ${focus.name}`}>
      <span className={styles.name} title={focus.name} aria-hidden="true">
        {focus.name}
      </span>
      <FocusClock
        focus={focus}
        pomodoro={pomodoro}
        onPeriodOver={endPeriod}
        className={`${styles.clock} ${isRunning ? '' : styles.still}`}
      />
      {isRunning ? (
        <button
          type="button"
          className={styles.button}
          aria-label="Pause focus"
          title="Pause"
          onClick={() => actions.pause()}
        >
          <PauseIcon />
        </button>
      ) : (
        <button
          type="button"
          className={styles.button}
          aria-label={isPeriodDone ? 'Start the next focus period' : 'Resume focus'}
          title={isPeriodDone ? 'Next period' : 'Resume'}
          onClick={() => (isPeriodDone ? actions.start(task) : actions.resume())}
        >
          <PlayIcon />
        </button>
      )}
      <button
        type="button"
        className={styles.button}
        aria-label="Stop focus"
        title="Stop"
        onClick={actions.stop}
      >
        <StopIcon />
      </button>
      <button
        type="button"
        className={`${styles.button} ${styles.settings}`}
        aria-label="Timer settings"
        title="Timer settings"
        onClick={() => setSettingsOpen(true)}
      >
        <GearIcon />
      </button>
      {isSettingsOpen && <PomodoroDialog onClose={() => setSettingsOpen(false)} />}
    </div>
  );
  // The top bar's blur makes it the frame of anything fixed inside it: a phone's bar is the page's.
  return isPhone ? createPortal(timer, document.body) : timer;
}
