import { CLIENT_DEFAULT_ACCESS, hasReachedLimit } from '@hustle/shared/access';
import { triggerText, type Automation } from '@hustle/shared/automations';
import { isoDateOf, localDateAt, weekdayOf } from '@hustle/shared/dates';
import { useMemo, useReducer, useRef, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { browserTimeZone } from '../../ui/dates.ts';
import emptyState from '../../ui/empty-state.module.css';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useWorkspace } from '../../sync/workspace/get-workspace.ts';
import { useCreateAutomation } from './api/create-automation.ts';
import { useAutomations } from './api/get-automations.ts';
import { useUpdateAutomation } from './api/update-automation.ts';
import styles from './automations.module.css';
import { AutomationsSkeleton } from './components/automations-skeleton.tsx';
import { DayPicker } from './components/day-picker.tsx';
import { FrequencyPicker } from './components/frequency-picker.tsx';
import { ProjectField } from './components/project-field.tsx';
import {
  IntervalField,
  MonthlyByField,
  NthWeekdayField,
  YearDayField,
} from './components/repeat-rule-fields.tsx';
import { WeekdayPicker } from './components/weekday-picker.tsx';
import {
  checkForm,
  EMPTY_FORM,
  formOf,
  nextRunSentence,
  reduceForm,
  shortMonthNote,
  triggerOfForm,
  type AutomationForm,
} from './model/automation-form.ts';

const SUBTITLE = {
  MONTHLY: 'Adds a task to your Execute list on the same day every month.',
  WEEKLY: 'Adds a task to your Execute list on the weekdays you pick.',
  DAILY: 'Adds a task to your Execute list every day.',
  YEARLY: 'Adds a task to your Execute list on the same day every year.',
};

/** spec §2 "Create automation screen" (/automation/configure/create). */
export function CreateAutomationScreen() {
  return <AutomationFormView />;
}

/** Editing one (/automation/configure/:id/edit): the same form, filled in (decision 026). */
export function EditAutomationScreen() {
  const { id } = useParams();
  const automations = useAutomations();
  const automation = automations.data?.find((candidate) => candidate.id === id);
  if (automations.isPending) {
    return (
      <div className={`${styles.screen} ${styles.narrow}`}>
        <PageHeader title="Edit automation" />
        <AutomationsSkeleton rows={2} />
      </div>
    );
  }
  if (!automation) {
    return (
      <div className={`${styles.screen} ${styles.narrow}`}>
        <PageHeader title="Edit automation" />
        <div className={`${emptyState.note} ${styles.loadFailure}`}>
          <p>
            {automations.isError
              ? 'Could not load your automations.'
              : 'This automation is no longer here.'}
          </p>
          {automations.isError ? (
            <Button variant="ghost" onClick={() => void automations.refetch()}>
              Try again
            </Button>
          ) : (
            <Link to="/automation/configure">Back to your automations</Link>
          )}
        </div>
      </div>
    );
  }
  return <AutomationFormView key={automation.id} editing={automation} />;
}

/**
 * A new automation may come prefilled from a task's "Repeat…" (`?task=…&project=…`): its name
 * and its project.
 */
function AutomationFormView({ editing }: { editing?: Automation }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The user's "today" is in the time zone they logged in from (ARCHITECTURE §5).
  const today = useMemo(() => localDateAt(new Date(), browserTimeZone()), []);
  const [form, dispatch] = useReducer(reduceForm, editing, (automation): AutomationForm =>
    automation
      ? formOf(automation, isoDateOf(today))
      : reduceForm(
          {
            ...EMPTY_FORM,
            startsOn: isoDateOf(today),
            projectId: search.get('project') || null,
          },
          { type: 'editTaskName', value: search.get('taskName') ?? '' },
        ),
  );
  const create = useCreateAutomation();
  const update = useUpdateAutomation();
  const saving = editing ? update : create;
  // The pending state reaches the button only with the next render; two clicks in one moment
  // would both see Save enabled, so the first one holds this until its answer comes.
  const isSubmitting = useRef(false);
  const automations = useAutomations();
  const workspace = useWorkspace();

  const access = workspace.data?.access ?? CLIENT_DEFAULT_ACCESS;
  const isAtLimit =
    !editing &&
    automations.isSuccess &&
    hasReachedLimit(access.automationsLimit, automations.data.length);
  const check = checkForm(form, { isSaving: saving.isPending, isAtLimit });
  const trigger = triggerOfForm(form);
  const note =
    form.frequency === 'MONTHLY' && form.monthlyBy === 'DAY' && form.day !== null
      ? shortMonthNote(form.day)
      : null;
  const picksMonthDay = form.frequency === 'MONTHLY' && form.monthlyBy === 'DAY';

  const save = (event: FormEvent) => {
    event.preventDefault();
    // spec §4: the saving flag blocks a second submission.
    if (!check.canSave || trigger === null || isSubmitting.current) return;
    isSubmitting.current = true;
    const fields = {
      trigger,
      taskName: form.taskName.trim(),
      name: form.name.trim(),
      // An edit names the project only when it changes, so it never undoes another device's.
      projectId:
        editing && (editing.projectId ?? null) === form.projectId ? undefined : form.projectId,
    };
    const options = {
      onSuccess: () => navigate('/automation/configure'),
      onError: () => {
        isSubmitting.current = false;
      },
    };
    if (editing) update.mutate({ id: editing.id, ...fields }, options);
    else create.mutate(fields, options);
  };

  return (
    <div className={`${styles.screen} ${styles.narrow}`}>
      <PageHeader
        title={editing ? 'Edit automation' : 'New automation'}
        subtitle={SUBTITLE[form.frequency]}
      />

      <form className={styles.formCard} onSubmit={save} noValidate>
        <div className={styles.field}>
          <p id="frequency-label" className={styles.fieldLabel}>
            Repeats
          </p>
          <FrequencyPicker
            value={form.frequency}
            onChange={(frequency) => dispatch({ type: 'pickFrequency', frequency })}
            labelledBy="frequency-label"
          />
        </div>

        <IntervalField form={form} dispatch={dispatch} />

        {form.frequency === 'MONTHLY' && <MonthlyByField form={form} dispatch={dispatch} />}
        {form.frequency === 'MONTHLY' && form.monthlyBy === 'WEEKDAY' && (
          <NthWeekdayField form={form} dispatch={dispatch} />
        )}
        {form.frequency === 'YEARLY' && <YearDayField form={form} dispatch={dispatch} />}

        {(picksMonthDay || form.frequency === 'WEEKLY') && (
          <div className={styles.field}>
            <p id="day-label" className={styles.fieldLabel}>
              {picksMonthDay ? 'Day of the month' : 'Days of the week'}
            </p>
            {picksMonthDay ? (
              <DayPicker
                value={form.day}
                today={today.day}
                onChange={(day) => dispatch({ type: 'pickDay', day })}
                labelledBy="day-label"
                describedBy="day-result"
              />
            ) : (
              <WeekdayPicker
                value={form.weekdays}
                today={weekdayOf(today)}
                onToggle={(weekday) => dispatch({ type: 'toggleWeekday', weekday })}
                labelledBy="day-label"
                describedBy="day-result"
              />
            )}
          </div>
        )}
        <div id="day-result" className={styles.trigger} aria-live="polite">
          {trigger === null ? (
            <p className={styles.triggerHint}>
              {form.frequency === 'WEEKLY'
                ? 'Pick the days it should run on.'
                : 'Pick the day it should run on.'}
            </p>
          ) : (
            <>
              <p className={styles.triggerRule}>{triggerText(trigger)}</p>
              <p className={styles.triggerText}>{nextRunSentence(trigger, today)}</p>
              {note && <p className={styles.triggerNote}>{note}</p>}
              {editing && (
                <p className={styles.triggerNote}>A period that already ran does not run again.</p>
              )}
            </>
          )}
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

        <ProjectField
          value={form.projectId}
          projects={workspace.data?.projects ?? []}
          onChange={(projectId) => dispatch({ type: 'pickProject', projectId })}
        />

        {isAtLimit && (
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
            isLoading={saving.isPending}
          >
            Save
          </Button>
        </div>
      </form>
    </div>
  );
}
