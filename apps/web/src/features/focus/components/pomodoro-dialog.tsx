import { useState, type FormEvent } from 'react';
import { usePomodoro } from '../../../stores/focus.ts';
import { Button } from '../../../ui/button.tsx';
import { Choice } from '../../../ui/choice.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ModalFooter } from '../../../ui/modal-footer.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from './focus-timer.module.css';

const MAX_MINUTES = 180;

/** Whole minutes from 1 to 180, or the words that say why not. */
function minutesOf(value: string, what: string): number | string {
  const minutes = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || minutes < 1 || minutes > MAX_MINUTES) {
    return `${what} is whole minutes, from 1 to ${MAX_MINUTES}.`;
  }
  return minutes;
}

/** The Pomodoro rhythm of this browser: on or off, and its focus and break lengths. */
export function PomodoroDialog({ onClose }: { onClose: () => void }) {
  const pomodoro = usePomodoro();
  const [isOn, setOn] = useState(pomodoro.isOn);
  const [focusText, setFocusText] = useState(String(pomodoro.focusMinutes));
  const [breakText, setBreakText] = useState(String(pomodoro.breakMinutes));
  const [errors, setErrors] = useState<{ focus?: string; break?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const focusMinutes = minutesOf(focusText, 'A focus period');
    const breakMinutes = minutesOf(breakText, 'A break');
    if (typeof focusMinutes === 'string' || typeof breakMinutes === 'string') {
      setErrors({
        ...(typeof focusMinutes === 'string' ? { focus: focusMinutes } : {}),
        ...(typeof breakMinutes === 'string' ? { break: breakMinutes } : {}),
      });
      return;
    }
    pomodoro.set({ isOn, focusMinutes, breakMinutes });
    onClose();
  };

  return (
    <Modal title="Timer settings" onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate className={styles.settingsForm}>
        <Choice type="checkbox" checked={isOn} onChange={(event) => setOn(event.target.checked)}>
          Pomodoro rhythm: count down a focus period, then a break
        </Choice>
        <div className={styles.lengths}>
          <TextField
            label="Focus (minutes)"
            value={focusText}
            inputMode="numeric"
            autoComplete="off"
            disabled={!isOn}
            error={errors.focus}
            onChange={(event) => {
              setFocusText(event.target.value);
              setErrors({});
            }}
          />
          <TextField
            label="Break (minutes)"
            value={breakText}
            inputMode="numeric"
            autoComplete="off"
            disabled={!isOn}
            error={errors.break}
            onChange={(event) => {
              setBreakText(event.target.value);
              setErrors({});
            }}
          />
        </div>
        <p className={styles.note}>Kept in this browser. A focus period ends with a pause.</p>
        <ModalFooter>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Save
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
