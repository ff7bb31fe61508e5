import { useId, useState, type FormEvent } from 'react';
import { useWorkspaceTimeZone } from '../../../sync/workspace/get-workspace.ts';
import { Button } from '../../../ui/button.tsx';
import {
  notificationsPermission,
  turnOnNotifications,
  type NotificationsState,
} from '../api/push-subscription.ts';
import { useSetReminder } from '../api/set-reminder.ts';
import { reminderFieldText, reminderInput } from '../model/reminder-input.ts';
import { NotificationsNote, REMINDER_NOTES } from './notifications-note.tsx';
import field from '../../../ui/detail-field.module.css';
import styles from './reminder-field.module.css';

export type ReminderTask = { id: string; projectId: string | null; remindAt: string | null };

type ReminderFieldProps = {
  task: ReminderTask;
  isReadOnly: boolean;
  /** Turns notifications on in this browser; injectable for tests. */
  turnOn?: () => Promise<NotificationsState>;
};

/**
 * A task's reminder in its details (issue 30): a date and time where the user is, set with Enter
 * or the button, cleared with Clear; a past time says why and sends nothing. Turning a reminder on
 * is the moment the browser is asked to show notifications (decision 083); the reminder is saved
 * whatever it answers, and the field says what the answer means.
 */
export function ReminderField({
  task,
  isReadOnly,
  turnOn = turnOnNotifications,
}: ReminderFieldProps) {
  const id = useId();
  const { mutate: setReminder } = useSetReminder();
  const timeZone = useWorkspaceTimeZone();
  const shown = task.remindAt ? reminderFieldText(task.remindAt, timeZone) : '';
  const [value, setValue] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<NotificationsState | null>(null);
  // A reminder changed elsewhere (another device, undo) starts the field again from it; the
  // browser's answer stays on show.
  const [shownFor, setShownFor] = useState(task.remindAt);
  if (shownFor !== task.remindAt) {
    setShownFor(task.remindAt);
    setValue(shown);
    setError(null);
  }

  const save = (remindAt: string | null) =>
    setReminder({ taskId: task.id, projectId: task.projectId, remindAt });

  const askAndSubscribe = () => {
    // Called within the user's click or Enter: the browser asks only in answer to a gesture.
    void turnOn().then(setAsked);
  };

  const set = (event: FormEvent) => {
    event.preventDefault();
    const checked = reminderInput(value, timeZone, new Date());
    if (checked.error !== null) return setError(checked.error);
    setError(null);
    if (checked.remindAt === task.remindAt) return;
    save(checked.remindAt);
    askAndSubscribe();
  };

  const clear = () => {
    setValue('');
    setError(null);
    setAsked(null);
    save(null);
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // With no reminder there is nothing to say, even if an answer to an earlier one arrives late.
  const standing = task.remindAt ? (asked ?? standingState()) : null;
  return (
    <form className={field.field} onSubmit={set} noValidate>
      <div className={field.row}>
        <input
          id={id}
          type="datetime-local"
          className={`${field.input} ${styles.input}`}
          aria-label="Reminder time"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          min={reminderFieldText(new Date(), timeZone)}
          value={value}
          readOnly={isReadOnly}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {!isReadOnly && (
          <>
            <Button type="submit" className={field.button} aria-label="Set reminder">
              Set
            </Button>
            {task.remindAt && (
              <Button
                variant="ghost"
                className={field.button}
                aria-label="Clear reminder"
                onClick={clear}
              >
                Clear
              </Button>
            )}
          </>
        )}
      </div>
      <p id={hintId} className={field.hint}>
        Your time zone: {timeZone.replace(/_/g, ' ')}
      </p>
      {error && (
        <p id={errorId} className={field.error} role="alert">
          {error}
        </p>
      )}
      {standing && (
        <NotificationsNote
          state={standing}
          notes={REMINDER_NOTES}
          onAsk={askAndSubscribe}
          compact
        />
      )}
    </form>
  );
}

/** What a reminder already set meets in this browser, before anything is asked. */
function standingState(): NotificationsState | null {
  const permission = notificationsPermission();
  if (permission === 'denied' || permission === 'unsupported') return permission;
  return permission === 'default' ? 'not-allowed' : null;
}
