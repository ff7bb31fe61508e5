import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useWorkspaceShown, WorkspaceGate } from '../../ui/workspace-gate.tsx';
import type { DayMove } from '@hustle/shared/day-reviews';
import { Menu, MenuItem } from '../../ui/menu.tsx';
import emptyState from '../../ui/empty-state.module.css';
import { MoreIcon, UndoIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useMovePlannedTask } from '../tasks/api/move-planned-task.ts';
import { useHideCompleted, useIdleAllPlanned } from '../tasks/api/planned-list-commands.ts';
import {
  useWorkspace,
  useWorkspaceId,
  useWorkspaceToday,
} from '../../sync/workspace/get-workspace.ts';
import { useRefreshWhenVisible } from '../../sync/live/use-refresh-when-visible.ts';
import { CompletedSection } from './components/completed-section.tsx';
import { EmptyState } from './components/empty-state.tsx';
import { PlannedList } from './components/planned-list.tsx';
import { QuickAdd } from './components/quick-add.tsx';
import { useTaskRowActions } from './hooks/use-task-row-actions.ts';
import styles from './execute-screen.module.css';
import {
  buildExecuteList,
  executeCounts,
  type ExecuteItem,
  type ExecuteList,
} from './model/execute-list.ts';
import { useMoreOfList } from '../../sync/workspace/get-workspace-page.ts';
import { MoreOfList } from '../../ui/more-of-list.tsx';
import iconButton from '../../ui/icon-button.module.css';
import { retryUntilShown } from '../../ui/keyboard.ts';
import { focusOrRevealTaskRow } from '../tasks/model/reveal-task-row.ts';
import { DeadlineDialogHost } from '../tasks/components/deadline-dialog.tsx';
import { EstimateDialogHost } from '../tasks/components/estimate-dialog.tsx';
import { ProjectedFinish } from './components/projected-finish.tsx';
import { turnOnNotifications } from '../reminders/api/push-subscription.ts';
import { useAddTasks } from '../tasks/hooks/use-add-tasks.ts';
import { Button } from '../../ui/button.tsx';
import { useRunCommand } from '../../sync/outbox/run-command.ts';
import { FinishDayDialog } from '../day-reviews/components/finish-day-dialog.tsx';
import { DayFinished } from '../day-reviews/components/day-note.tsx';
import { isDayFinished } from '../day-reviews/model/day-summary.ts';

/** How long a linked task's row may take to render; later pages retry when they arrive. */
const LINKED_ROW_WAIT_MS = 1_000;

/** spec §2 Execute screen (/execute): work through the planned tasks. */
export function ExecuteScreen() {
  const workspaceId = useWorkspaceId();
  const workspace = useWorkspace();
  const isShown = useWorkspaceShown(workspace);
  // The header's counts come with the list, not a frame before it (useWorkspaceShown).
  const shown = isShown ? workspace.data : undefined;
  const today = useWorkspaceToday();
  useRefreshWhenVisible(workspaceId);
  const list = useMemo(() => (shown ? buildExecuteList(shown, today) : null), [shown, today]);
  const counts = useMemo(() => (shown && list ? executeCounts(shown, list) : null), [shown, list]);
  const { mutate: idleAllPlanned } = useIdleAllPlanned();
  const finishing = useFinishDay();

  return (
    <div className={styles.screen}>
      {/* The title stands while the workspace loads, so nothing jumps when it arrives. */}
      <PageHeader
        title="Execute"
        subtitle={
          counts && <span aria-live="polite">{summary(counts.open, counts.completed)}</span>
        }
        alignActions="end"
        actions={
          counts && (
            <div className={styles.headerActions}>
              {/* Optional, never forced (issue 30): there for whoever closes the day on purpose. */}
              <Button type="button" onClick={finishing.open}>
                Finish the day
              </Button>
              {counts.open > 0 && <ListMenu onIdleAll={() => idleAllPlanned()} />}
            </div>
          )
        }
      />
      <WorkspaceGate query={workspace} isShown={isShown}>
        {list && counts && workspace.data && (
          <>
            {isDayFinished(workspace.data, today) && (
              <DayFinished
                note={workspace.data.dayReview?.note ?? ''}
                onFinishAgain={finishing.open}
              />
            )}
            <ExecuteBody list={list} counts={counts} />
            {finishing.isOpen && (
              <FinishDayDialog
                day={today}
                timeZone={workspace.data.days.timeZone}
                open={list.open}
                completed={list.completed}
                note={workspace.data.dayReview?.day === today ? workspace.data.dayReview.note : ''}
                onFinish={({ note, moves }) => finishing.finish(today, note, moves)}
                onClose={finishing.close}
              />
            )}
          </>
        )}
      </WorkspaceGate>
    </div>
  );
}

/**
 * Finishing the day (issue 30): its dialog is open while the address says `?finish` — the button
 * and the command palette both go there; the finish goes through the outbox with its undo.
 */
function useFinishDay() {
  const [searchParams, setSearchParams] = useSearchParams();
  const run = useRunCommand();
  const setOpen = (isOpen: boolean) =>
    setSearchParams(
      (params) => {
        if (isOpen) params.set('finish', '');
        else params.delete('finish');
        return params;
      },
      { replace: !isOpen },
    );
  return {
    isOpen: searchParams.has('finish'),
    open: () => setOpen(true),
    close: () => setOpen(false),
    finish: (day: string, note: string, moves: DayMove[]) =>
      run(
        { kind: 'finishDay', day, note, moves, at: new Date().toISOString() },
        { undoMessage: 'Day finished.' },
      ),
  };
}

function ListMenu({ onIdleAll }: { onIdleAll: () => void }) {
  return (
    <Menu
      title="Planned list"
      triggerClassName={`${iconButton.iconButton} ${styles.listMenu}`}
      trigger={
        <>
          <MoreIcon />
          <span className="visually-hidden">Planned list options</span>
        </>
      }
    >
      <MenuItem icon={<UndoIcon />} onSelect={onIdleAll}>
        Move all tasks to planning
      </MenuItem>
    </Menu>
  );
}

/** What today's open tasks add up to, and when they are done (issue 30). */
function LeftToday({ open }: { open: readonly ExecuteItem[] }) {
  const timeZone = useWorkspace().data?.days.timeZone ?? 'UTC';
  const { minutes, unestimated } = useMemo(() => {
    let sum = 0;
    let without = 0;
    for (const item of open) {
      if (item.estimate === null) without += 1;
      else sum += item.estimate;
    }
    return { minutes: sum, unestimated: without };
  }, [open]);
  return <ProjectedFinish minutesLeft={minutes} unestimated={unestimated} timeZone={timeZone} />;
}

function ExecuteBody({
  list: { open, completed },
  counts,
}: {
  list: ExecuteList;
  /** Of the whole list, which the copy may hold only part of. */
  counts: { open: number; completed: number };
}) {
  const more = useMoreOfList('planned');
  // Tasks added here are planned (spec §2), for today unless quick add names another day.
  const addTasks = useAddTasks({ planned: true, askToNotify: turnOnNotifications });
  const { mutate: movePlannedTask } = useMovePlannedTask();
  const { mutate: hideCompleted } = useHideCompleted();
  const actions = useTaskRowActions();

  const handleMove = useCallback(
    (taskId: string, afterTaskId: string | null) => movePlannedTask({ taskId, afterTaskId }),
    [movePlannedTask],
  );

  useFocusLinkedTask(open.length + completed.length);

  const isEmpty = open.length === 0 && completed.length === 0 && !more.hasMore;

  return (
    <>
      {/* n opens it from anywhere on the screen (decision 022). */}
      <div data-screen-add-task="execute">
        <QuickAdd onAdd={addTasks} />
      </div>
      {isEmpty ? (
        <EmptyState />
      ) : (
        <>
          {open.length > 0 && <LeftToday open={open} />}
          {open.length > 0 && (
            <PlannedList items={open} count={counts.open} actions={actions} onMove={handleMove} />
          )}
          {open.length === 0 && !more.hasMore && (
            <p className={emptyState.note}>Everything planned is done. Nice work!</p>
          )}
          {/* The Execute list's next page holds open and completed rows alike. */}
          <MoreOfList more={more} label="Show more tasks" />
          {completed.length > 0 && (
            <CompletedSection
              items={completed}
              count={counts.completed}
              actions={actions}
              onHide={() => hideCompleted()}
            />
          )}
        </>
      )}
      <DeadlineDialogHost />
      <EstimateDialogHost />
    </>
  );
}

/**
 * `/execute?task=<id>` (an automation's status row links here, decision 026) brings that task's
 * row into view and focus once it is on the screen; the task's details open over it (issue 31)
 * for as long as the parameter stays. A task opened from its own row is on the screen already.
 */
function useFocusLinkedTask(rowCount: number) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const taskId = searchParams.get('task');
  const isOpenedFromRow = (location.state as { isTaskOpenedHere?: boolean } | null)
    ?.isTaskOpenedHere;
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!taskId || isOpenedFromRow || focused.current === taskId) return;
    let isCurrent = true;
    // A long list renders the row a frame after asking for it (decision 033).
    void retryUntilShown(() => !isCurrent || focusOrRevealTaskRow(taskId), LINKED_ROW_WAIT_MS).then(
      (isFound) => {
        if (isFound && isCurrent) focused.current = taskId;
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [taskId, isOpenedFromRow, rowCount]);
}

function summary(open: number, done: number): string {
  if (open === 0 && done === 0) return 'Nothing planned';
  const left = open === 1 ? '1 task to go' : `${open} tasks to go`;
  return done > 0 ? `${left} · ${done} done` : left;
}
