import { addDaysTo, isDay } from '@hustle/shared/days';
import { DAY_NOTE_MAX, noteProblem, type DayMove } from '@hustle/shared/day-reviews';
import { formatMinutes } from '@hustle/shared/estimates';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ModalFooter } from '../../../ui/modal-footer.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  movesOf,
  summariseDay,
  type CarryChoice,
  type DaySummary,
  type DayTask,
} from '../model/day-summary.ts';
import styles from './finish-day-dialog.module.css';

type FinishDayDialogProps = {
  /** The day being finished: today where the user is. */
  day: string;
  timeZone: string;
  /** The day's unfinished tasks, in the list's order. */
  open: readonly DayTask[];
  /** The completed tasks the list holds; those completed on `day` count as its work. */
  completed: readonly DayTask[];
  /** The note already kept for the day when it was finished before. */
  note?: string;
  onFinish: (finish: { note: string; moves: DayMove[] }) => void;
  onClose: () => void;
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "3 tasks done · 2 h spent of 2 h 30 min estimated": the day's work in one line. */
export function doneLine({ done, spentMinutes, estimatedMinutes }: DaySummary): string {
  if (done === 0) return 'Nothing completed today.';
  const time =
    spentMinutes === 0 && estimatedMinutes === 0
      ? ''
      : estimatedMinutes > 0
        ? ` · ${formatMinutes(spentMinutes)} spent of ${formatMinutes(estimatedMinutes)} estimated`
        : ` · ${formatMinutes(spentMinutes)} spent`;
  return `${plural(done, 'task')} done${time}`;
}

/**
 * Finishing the day (issue 30, DESIGN "Finish the day"): what was done, where each unfinished
 * task goes (tomorrow unless chosen otherwise), and a one-line note for tomorrow's plan. A sheet
 * on phones, as every modal.
 */
export function FinishDayDialog(props: FinishDayDialogProps) {
  const { day, open, onClose } = props;
  const summary = summariseDay(props.completed, day, props.timeZone);
  const [choices, setChoices] = useState<Map<string, CarryChoice>>(() => new Map());
  const [note, setNote] = useState(props.note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [dayErrors, setDayErrors] = useState<ReadonlySet<string>>(() => new Set());
  const tomorrow = addDaysTo(day, 1);

  const choose = (taskId: string, choice: CarryChoice) => {
    setChoices((before) => new Map(before).set(taskId, choice));
    setDayErrors((before) => new Set([...before].filter((id) => id !== taskId)));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = noteProblem(note);
    const badDays = new Set(
      [...choices]
        .filter(([, choice]) => choice.kind === 'day' && !(isDay(choice.day) && choice.day > day))
        .map(([taskId]) => taskId),
    );
    setNoteError(problem);
    setDayErrors(badDays);
    if (problem || badDays.size > 0) return;
    props.onFinish({ note: note.trim(), moves: movesOf(open, choices, day) });
    onClose();
  };

  return (
    <Modal title="Finish the day" onClose={onClose}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <section className={styles.section} aria-labelledby="finish-done-heading">
          <h3 id="finish-done-heading" className={styles.heading}>
            Done
          </h3>
          <p className={styles.summary}>{doneLine(summary)}</p>
        </section>
        <section className={styles.section} aria-labelledby="finish-carry-heading">
          <h3 id="finish-carry-heading" className={styles.heading}>
            Carrying over
          </h3>
          {open.length === 0 ? (
            <p className={styles.muted}>Nothing left over. Everything planned is done.</p>
          ) : (
            <ul className={styles.carryList}>
              {open.map((task) => (
                <CarryRow
                  key={task.id}
                  task={task}
                  choice={choices.get(task.id) ?? { kind: 'tomorrow' }}
                  tomorrow={tomorrow}
                  hasDayError={dayErrors.has(task.id)}
                  onChoose={(choice) => choose(task.id, choice)}
                />
              ))}
            </ul>
          )}
        </section>
        <TextField
          label="Note for tomorrow"
          hint="One line, shown at the top of tomorrow’s plan."
          value={note}
          maxLength={DAY_NOTE_MAX}
          autoComplete="off"
          enterKeyHint="done"
          error={noteError ?? undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
          }}
        />
        <ModalFooter>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Finish the day
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

/** One unfinished task and where it goes: tomorrow, a day picked, or back to the inbox. */
function CarryRow({
  task,
  choice,
  tomorrow,
  hasDayError,
  onChoose,
}: {
  task: DayTask;
  choice: CarryChoice;
  tomorrow: string;
  hasDayError: boolean;
  onChoose: (choice: CarryChoice) => void;
}) {
  const id = useId();
  const later = addDaysTo(tomorrow, 1);
  return (
    <li className={styles.carryRow}>
      <span className={styles.taskText}>
        <span className={styles.taskName}>{task.name}</span>
        <span className={styles.muted}>{task.label}</span>
      </span>
      <span className={styles.controls}>
        <label className="visually-hidden" htmlFor={`${id}-where`}>
          {`Where “${task.name}” goes`}
        </label>
        <select
          id={`${id}-where`}
          className={styles.select}
          value={choice.kind}
          onChange={(event) => {
            const kind = event.target.value as CarryChoice['kind'];
            onChoose(kind === 'day' ? { kind, day: later } : { kind });
          }}
        >
          <option value="tomorrow">Tomorrow</option>
          <option value="day">Another day</option>
          <option value="inbox">Back to the inbox</option>
        </select>
        {choice.kind === 'day' && (
          <>
            <label className="visually-hidden" htmlFor={`${id}-day`}>
              {`Day for “${task.name}”`}
            </label>
            <input
              id={`${id}-day`}
              type="date"
              className={styles.select}
              min={tomorrow}
              value={choice.day}
              aria-invalid={hasDayError || undefined}
              aria-describedby={hasDayError ? `${id}-error` : undefined}
              onChange={(event) => onChoose({ kind: 'day', day: event.target.value })}
            />
          </>
        )}
      </span>
      {hasDayError && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          Pick a day after today.
        </p>
      )}
    </li>
  );
}
