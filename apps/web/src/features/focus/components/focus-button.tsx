import { useFocusActions, useFocusOn } from '../../../stores/focus.ts';
import { TimerIcon } from '../../../ui/icons.tsx';
import styles from './focus-button.module.css';

type FocusButtonProps = {
  task: { id: string; projectId: string | null; name: string };
  className?: string;
};

/**
 * A row's focus button (issue 30): starts the timer on its task, stops it when it runs there,
 * resumes it when paused there. Pressed while the timer is on the task.
 */
export function FocusButton({ task, className = '' }: FocusButtonProps) {
  const state = useFocusOn(task.id);
  const { toggle } = useFocusActions();
  const label =
    state === 'running'
      ? `Stop focus on ${task.name}`
      : state === 'paused'
        ? `Resume focus on ${task.name}`
        : `Start focus on ${task.name}`;
  return (
    <button
      type="button"
      className={`${className} ${styles.focusButton} ${state ? styles.on : ''}`}
      aria-label={label}
      aria-pressed={state === 'running'}
      title={`${label} (f)`}
      data-focus-state={state ?? 'off'}
      onClick={() => toggle({ id: task.id, projectId: task.projectId })}
    >
      <TimerIcon />
    </button>
  );
}
