import { findTask } from '@hustle/shared/commands/workspace-changes';
import { openMoveDialog } from '../../../stores/move-task.ts';
import {
  addItem,
  progressOf,
  removeItem,
  updateItem,
} from '@hustle/shared/commands/task-details-changes';
import { LIMITS } from '@hustle/shared/constants';
import type { ChecklistItem, TaskDetails } from '@hustle/shared/task-details';
import type { Task } from '@hustle/shared/tasks';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { newEntityId } from '../../../sync/workspace/new-entity-id.ts';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';
import { CloseIcon } from '../../../ui/icons.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { useTaskDetails } from '../api/task-details.ts';
import { actualWithout } from '@hustle/shared/commands/focus-changes';
import { formatMinutes } from '@hustle/shared/estimates';
import { carriedEntryIds, formatSpent } from '@hustle/shared/focus';
import { useFocus, useFocusActions, useFocusOn } from '../../../stores/focus.ts';
import { TimerIcon } from '../../../ui/icons.tsx';
import { Checklist, type ChecklistActions } from './checklist.tsx';
import { TaskActivitySection } from './task-activity.tsx';
import { TimeEntries } from './time-entries.tsx';
import { EstimateField } from './estimate-field.tsx';
import { NotesField } from './notes-field.tsx';
import styles from './task-details.module.css';

/** A control of one of the task's facts, which the screen brings from the feature that owns it. */
type FieldSlot = (task: Task, isReadOnly: boolean) => ReactNode;

/** The facts other features set: the days (tasks, issue 29), the repeat and the reminder (30). */
export type FieldSlots = Record<'planned' | 'deadline' | 'repeat' | 'reminder', FieldSlot>;

type TaskDetailsSheetProps = { taskId: string; onClose: () => void; fields: FieldSlots };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * A task opened (issue 31): a side sheet on desktop beside the list, which stays usable; the
 * whole screen on a phone. Escape, the close button and the back gesture close it.
 */
export function TaskDetailsSheet({ taskId, onClose, fields }: TaskDetailsSheetProps) {
  const details = useTaskDetails(taskId);
  const workspace = useWorkspace().data;
  const sheetRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    sheetRef.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      // A menu or dialog open over the page takes its own Escape.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="menu"], [aria-modal="true"]')) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      // Back on the row it was opened from, when it is on the screen.
      document
        .querySelector<HTMLElement>(`[data-task-id="${CSS.escape(taskId)}"] [data-row-focus]`)
        ?.focus();
    };
  }, [taskId]);

  const found = workspace && findTask(workspace, taskId);
  const task = found?.task ?? details.data?.task;
  const project =
    found?.project ?? workspace?.projects.find((each) => each.id === task?.projectId) ?? null;

  return (
    <aside
      ref={sheetRef}
      className={styles.sheet}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.heading}>
          Task details
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label="Close details"
          title="Close (Esc)"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </header>
      <div className={styles.body}>
        {details.isPending && !task ? (
          <Loader label="Loading the task" />
        ) : details.isError && !details.data ? (
          <LoadFailure
            what="Could not open this task. It may have been deleted, or you are offline."
            error={details.error}
            onRetry={() => void details.refetch()}
          />
        ) : (
          task && (
            <Details
              task={task}
              details={details.data}
              projectName={project?.name ?? (task.automationId ? 'Automation' : 'Inbox')}
              projectColor={project?.color ?? null}
              isArchived={project?.archived ?? false}
              fields={fields}
            />
          )
        )}
        {task && <TaskActivitySection taskId={taskId} project={project} />}
      </div>
    </aside>
  );
}

type DetailsProps = {
  task: Task;
  details: TaskDetails | undefined;
  projectName: string;
  projectColor: string | null;
  isArchived: boolean;
  fields: FieldSlots;
};

function Details({ task, details, projectName, projectColor, isArchived, fields }: DetailsProps) {
  const run = useRunCommand();
  const focus = useFocus();
  const on = { taskId: task.id, projectId: task.projectId };
  const items = details?.checklist ?? [];
  // The progress the row shows once the change is through, counted on this copy.
  const after = (change: (list: ChecklistItem[]) => ChecklistItem[]) =>
    progressOf(change(details?.checklist ?? []));

  const checklist: ChecklistActions = {
    add: (name) => {
      const itemId = newEntityId();
      const progress = after(addItem({ id: itemId, name, done: false }));
      run({ kind: 'addChecklistItem', ...on, itemId, name, progress });
    },
    rename: (itemId, name) =>
      run({
        kind: 'updateChecklistItem',
        ...on,
        itemId,
        name,
        progress: after(updateItem(itemId, { name })),
      }),
    check: (itemId, done) =>
      run({
        kind: 'updateChecklistItem',
        ...on,
        itemId,
        done,
        progress: after(updateItem(itemId, { done })),
      }),
    move: (itemId, afterItemId) => run({ kind: 'moveChecklistItem', ...on, itemId, afterItemId }),
    remove: (item) =>
      run(
        {
          kind: 'deleteChecklistItem',
          ...on,
          itemId: item.id,
          progress: after(removeItem(item.id)),
        },
        { undoMessage: 'Item deleted.' },
      ),
    makeTask: (item) =>
      run({
        kind: 'checklistItemToTask',
        ...on,
        itemId: item.id,
        newTaskId: newEntityId(),
        name: item.name,
        progress: after(removeItem(item.id)),
        at: new Date().toISOString(),
      }),
  };

  return (
    <>
      {/* A name changed elsewhere starts the field again from it. */}
      <NameField key={task.name} task={task} isReadOnly={isArchived} />
      <dl className={styles.facts}>
        <dt>Project</dt>
        <dd>
          {/* Issue 31: the project is a control — it opens the "Move to…" picker. */}
          {isArchived || task.automationId !== null ? (
            <>
              <span
                className={styles.dot}
                style={projectColor ? { background: projectColor } : undefined}
                aria-hidden="true"
              />
              {projectName}
              {isArchived && ' (archived)'}
            </>
          ) : (
            <button
              type="button"
              className={styles.projectControl}
              aria-label={`Project: ${projectName}. Move to another project`}
              onClick={(event) =>
                openMoveDialog(
                  { id: task.id, name: task.name, projectId: task.projectId },
                  event.currentTarget,
                )
              }
            >
              <span
                className={styles.dot}
                style={projectColor ? { background: projectColor } : undefined}
                aria-hidden="true"
              />
              {projectName}
              <span className={styles.projectHint}>Move…</span>
            </button>
          )}
        </dd>
        {/* A completed task is planned for no day more, nor reminded of (decision 080). */}
        <dt>Planned</dt>
        <dd>{task.completedAt ? 'Done' : fields.planned(task, isArchived)}</dd>
        <dt>Deadline</dt>
        <dd>{fields.deadline(task, isArchived || task.completedAt !== null)}</dd>
        <dt>Repeat</dt>
        <dd>{fields.repeat(task, isArchived)}</dd>
        <dt>Reminder</dt>
        <dd>{task.completedAt ? 'None' : fields.reminder(task, isArchived)}</dd>
        <dt>Estimate</dt>
        <dd>
          {/* An estimate changed elsewhere starts the field again from it. */}
          <EstimateField
            key={task.estimate ?? 'none'}
            estimate={task.estimate}
            isReadOnly={isArchived}
            onSave={(estimate) => run({ kind: 'setTaskEstimate', ...on, estimate })}
          />
        </dd>
        <dt>Time spent</dt>
        <dd>
          <span className={styles.spent}>
            {formatSpent(task.actualSeconds)}
            {task.estimate !== null && ` of ${formatMinutes(task.estimate)}`}
          </span>
          {!task.completedAt && !isArchived && <FocusControl task={task} />}
        </dd>
        <dt>Created</dt>
        <dd>{when(task.createdAt)}</dd>
        {task.completedAt && (
          <>
            <dt>Completed</dt>
            <dd>{when(task.completedAt)}</dd>
          </>
        )}
      </dl>
      <section className={styles.section} aria-labelledby="task-notes-heading">
        <h3 id="task-notes-heading" className={styles.sectionTitle}>
          Notes
        </h3>
        {details ? (
          <NotesField
            notes={details.notes}
            isReadOnly={isArchived}
            onSave={(notes) => {
              if (notes !== details.notes) run({ kind: 'setTaskNotes', ...on, notes });
            }}
          />
        ) : (
          <Loader label="Loading the notes" />
        )}
      </section>
      <section className={styles.section} aria-labelledby="task-checklist-heading">
        <h3 id="task-checklist-heading" className={styles.sectionTitle}>
          Checklist
          {items.length > 0 && (
            <span className={styles.progress}>
              {' '}
              {progressOf(items).done}/{items.length}
            </span>
          )}
        </h3>
        {details && <Checklist items={items} actions={checklist} isReadOnly={isArchived} />}
      </section>
      <section className={styles.section} aria-labelledby="task-time-heading">
        <h3 id="task-time-heading" className={styles.sectionTitle}>
          Your time entries
        </h3>
        {details ? (
          <TimeEntries
            entries={details.timeEntries}
            keptIds={focus ? carriedEntryIds(details.timeEntries, focus) : []}
            onDelete={(entry) =>
              run(
                {
                  kind: 'deleteTimeEntry',
                  entryId: entry.id,
                  taskId: task.id,
                  actualSeconds: actualWithout(details, entry.id),
                },
                { undoMessage: 'Time entry deleted.' },
              )
            }
          />
        ) : (
          <Loader label="Loading the time entries" />
        )}
      </section>
    </>
  );
}

/** Starts, stops or resumes the focus timer on the opened task (issue 30). */
function FocusControl({ task }: { task: Task }) {
  const state = useFocusOn(task.id);
  const { toggle } = useFocusActions();
  return (
    <button
      type="button"
      className={styles.focusControl}
      aria-pressed={state === 'running'}
      onClick={() => toggle({ id: task.id, projectId: task.projectId })}
    >
      <TimerIcon />
      {state === 'running' ? 'Stop focus' : state === 'paused' ? 'Resume focus' : 'Start focus'}
    </button>
  );
}

function NameField({ task, isReadOnly }: { task: Task; isReadOnly: boolean }) {
  const run = useRunCommand();
  const [value, setValue] = useState(task.name);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const name = value.trim();
    if (name === task.name) return;
    if (!name) return setError('A task needs a name.');
    if (name.length > LIMITS.taskRenameMaxLength) {
      return setError(`A task name has at most ${LIMITS.taskRenameMaxLength} characters.`);
    }
    setError(null);
    run({ kind: 'renameTask', taskId: task.id, projectId: task.projectId, name });
  };

  return (
    <div className={styles.nameBlock}>
      <textarea
        className={styles.nameInput}
        aria-label="Task name"
        value={value}
        rows={1}
        readOnly={isReadOnly}
        onChange={(event) => {
          setError(null);
          setValue(event.target.value);
        }}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
      />
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
