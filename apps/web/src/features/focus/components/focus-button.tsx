import type { FocusOnTask } from '@hustle/shared/focus';
import { TimerIcon } from '../../../ui/icons.tsx';
import styles from './focus-button.module.css';

type FocusButtonProps = {
  /** The task's name, which the button's label says. */
  name: string;
  /** Whether the timer is on the task: running, paused, or not. */
  state: FocusOnTask;
  onToggle: () => void;
  className?: string;
};

/**
 * A row's focus button (issue 30): starts the timer on its task, stops it when it runs there,
 * resumes it when paused there. Pressed while the timer is on the task. It reads no store: the
 * list says where the timer is, so a row mounts no subscription of its own.
 */
export function FocusButton({ name, state, onToggle, className = '' }: FocusButtonProps) {
  const label =
    state === 'running'
      ? `Stop focus on ${name}`
      : state === 'paused'
        ? `Resume focus on ${name}`
        : `Start focus on ${name}`;
  return (
    <button
      type="button"
      className={`${className} ${styles.focusButton} ${state ? styles.on : ''}`}
      aria-label={label}
      aria-pressed={state === 'running'}
      title={`${label} (f)`}
      data-focus-state={state ?? 'off'}
      onClick={onToggle}
    >
      <TimerIcon />
    </button>
  );
}
