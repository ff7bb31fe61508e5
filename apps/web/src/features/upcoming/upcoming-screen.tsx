import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../api/session.ts';
import { useRefreshWhenVisible } from '../../sync/live/use-refresh-when-visible.ts';
import { useMoreOfList } from '../../sync/workspace/get-workspace-page.ts';
import {
  useWorkspace,
  useWorkspaceId,
  useWorkspaceToday,
} from '../../sync/workspace/get-workspace.ts';
import { buttonClassName } from '../../ui/button.tsx';
import emptyState from '../../ui/empty-state.module.css';
import { MoreOfList } from '../../ui/more-of-list.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useWorkspaceShown, WorkspaceGate } from '../../ui/workspace-gate.tsx';
import { automationsQuery } from '../automations/api/get-automations.ts';
import { useTaskRowActions } from '../execute/hooks/use-task-row-actions.ts';
import type { ExecuteItem } from '../execute/model/execute-list.ts';
import { usePlanForDay } from '../tasks/api/plan-for-day.ts';
import { DeadlineDialogHost } from '../tasks/components/deadline-dialog.tsx';
import { EstimateDialogHost } from '../tasks/components/estimate-dialog.tsx';
import { UpcomingList } from './components/upcoming-list.tsx';
import { upcomingDays, UPCOMING_LENGTH } from './model/upcoming-days.ts';
import styles from './upcoming-screen.module.css';

/** Issue 29 "Upcoming" (/upcoming): the next 14 days, and moving tasks between them. */
export function UpcomingScreen() {
  const workspaceId = useWorkspaceId();
  const workspace = useWorkspace();
  const isShown = useWorkspaceShown(workspace);
  useRefreshWhenVisible(workspaceId);

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Upcoming"
        subtitle="The next two weeks. Drag a task onto another day to move it."
      />
      <WorkspaceGate query={workspace} isShown={isShown}>
        <UpcomingBody />
      </WorkspaceGate>
    </div>
  );
}

function UpcomingBody() {
  const { data: workspace } = useWorkspace();
  const today = useWorkspaceToday();
  const hasAutomation = useSession().data?.featureFlags.includes('automation') ?? false;
  // The runs come from the automations' schedules; without them the days still show.
  const { data: automations } = useQuery({ ...automationsQuery, enabled: hasAutomation });
  const more = useMoreOfList('planned');
  const { mutate: planForDay } = usePlanForDay();
  const actions = useTaskRowActions();

  const days = useMemo(
    () => (workspace ? upcomingDays(workspace, automations ?? [], today) : []),
    [workspace, automations, today],
  );

  const handleMove = ({ id, projectId, isAutomation }: ExecuteItem, day: string) =>
    planForDay({ taskId: id, projectId, isAutomation, day });

  const isEmpty = days.every(
    (day) => day.tasks.length === 0 && day.runs.length === 0 && day.deadlines.length === 0,
  );

  return (
    <>
      {isEmpty && !more.hasMore && (
        <section className={emptyState.card} aria-labelledby="upcoming-empty-title">
          <h2 id="upcoming-empty-title" className={emptyState.title}>
            Nothing coming up
          </h2>
          <p className={emptyState.text}>
            Nothing is planned for the next {UPCOMING_LENGTH} days. On Plan, choose a day above your
            tasks and check the ones it should hold.
          </p>
          <Link to="/plan" className={buttonClassName({ variant: 'primary' })}>
            Go to Plan
          </Link>
        </section>
      )}
      <UpcomingList days={days} today={today} actions={actions} onMove={handleMove} />
      {/* The planned list comes in pages in one order for all days: a later page may hold any day's tasks. */}
      <MoreOfList more={more} label="Show more planned tasks" />
      <DeadlineDialogHost />
      <EstimateDialogHost />
    </>
  );
}
