import { CLIENT_DEFAULT_ACCESS, hasReachedLimit } from '@hustle/shared/access';
import { localDateAt } from '@hustle/shared/dates';
import { useMemo, useReducer, useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { browserTimeZone } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useWorkspace } from '../workspaces/api/get-workspace.ts';
import { useCreateAutomation } from './api/create-automation.ts';
import { useAutomations } from './api/get-automations.ts';
import styles from './automations.module.css';
import { DayPicker } from './components/day-picker.tsx';
import {
  checkForm,
  EMPTY_FORM,
  reduceForm,
  shortMonthNote,
  triggerSentence,
} from './model/automation-form.ts';

/** spec §2 "Create automation screen" (/automation/configure/create). */
export function CreateAutomationScreen() {
  const navigate = useNavigate();
  const [form, dispatch] = useReducer(reduceForm, EMPTY_FORM);
  const create = useCreateAutomation();
  // The pending state reaches the button only with the next render; two clicks in one moment
  // would both see Save enabled, so the first one holds this until its answer comes.
  const isSubmitting = useRef(false);
  const automations = useAutomations();
  const workspace = useWorkspace();
  // The user's "today" is in the time zone they logged in from (ARCHITECTURE §5).
  const today = useMemo(() => localDateAt(new Date(), browserTimeZone()), []);

  const access = workspace.data?.access ?? CLIENT_DEFAULT_ACCESS;
  const isAtLimit =
    automations.isSuccess && hasReachedLimit(access.automationsLimit, automations.data.length);
  const check = checkForm(form, { isSaving: create.isPending, isAtLimit });
  const failure = create.error;
  const note = form.day === null ? null : shortMonthNote(form.day);

  const save = (event: FormEvent) => {
    event.preventDefault();
    // spec §4: the saving flag blocks a second submission.
    if (!check.canSave || form.day === null || isSubmitting.current) return;
    isSubmitting.current = true;
    create.mutate(
      { dayOfMonth: form.day, taskName: form.taskName.trim(), name: form.name.trim() },
      {
        onSuccess: () => navigate('/automation/configure'),
        onError: () => {
          isSubmitting.current = false;
        },
      },
    );
  };

  return (
    <div className={`${styles.screen} ${styles.narrow}`}>
      <PageHeader
        title="New automation"
        subtitle="Adds a task to your Execute list on the same day every month."
      />

      <form className={styles.formCard} onSubmit={save} noValidate>
        <div className={styles.field}>
          <p id="day-label" className={styles.fieldLabel}>
            Day of the month
          </p>
          <DayPicker
            value={form.day}
            today={today.day}
            onChange={(day) => dispatch({ type: 'pickDay', day })}
            labelledBy="day-label"
            describedBy="day-result"
          />
          <div id="day-result" className={styles.trigger} aria-live="polite">
            {form.day === null ? (
              <p className={styles.triggerHint}>Pick the day it should run on.</p>
            ) : (
              <>
                <p className={styles.triggerText}>{triggerSentence(form.day, today)}</p>
                {note && <p className={styles.triggerNote}>{note}</p>}
              </>
            )}
          </div>
        </div>

        <TextField
          label="Task name:"
          placeholder="Displays on Execute list"
          value={form.taskName}
          error={form.taskName ? (check.taskNameError ?? undefined) : undefined}
          onChange={(event) => dispatch({ type: 'editTaskName', value: event.target.value })}
          autoComplete="off"
        />
        <TextField
          label="Automation name:"
          placeholder="Will display in automate list"
          value={form.name}
          hint={form.isNameEdited ? undefined : 'Filled in for you until you change it.'}
          error={check.nameError ?? undefined}
          onChange={(event) => dispatch({ type: 'editName', value: event.target.value })}
          autoComplete="off"
        />

        {failure && (
          <div className={styles.saveError} role="alert">
            <p>Could not save the automation. {errorMessage(failure)}</p>
            {failure instanceof ApiError && failure.code === 'AUTOMATION_LIMIT_REACHED' && (
              <Link to="/subscription?reason=automations">See Premium</Link>
            )}
          </div>
        )}
        {isAtLimit && !failure && (
          <p className={styles.limit}>
            {`Your plan allows ${access.automationsLimit} automations. `}
            <Link to="/subscription?reason=automations">Upgrade to Premium</Link> for unlimited
            automations.
          </p>
        )}

        <div className={styles.formFooter}>
          {check.blocker && !isAtLimit && <p className={styles.blocker}>{check.blocker}</p>}
          <Link to="/automation/configure" className={buttonClassName({ variant: 'ghost' })}>
            Cancel
          </Link>
          <Button
            type="submit"
            variant="primary"
            disabled={!check.canSave}
            isLoading={create.isPending}
          >
            Save
          </Button>
        </div>
      </form>
    </div>
  );
}
