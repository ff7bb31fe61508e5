import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useEffect, useMemo } from 'react';
import { useWorkspaceShown, WorkspaceGate } from '../../ui/workspace-gate.tsx';
import { useLayoutStore } from '../../stores/layout-store.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  ArchivedProjectDetailModal,
  ProjectDetailModal,
} from './project-detail/project-detail-modal.tsx';
import {
  useWorkspace,
  useWorkspaceId,
  useWorkspaceToday,
} from '../../sync/workspace/get-workspace.ts';
import { usePlanningDayStore } from '../../stores/planning-day-store.ts';
import { dayLabel } from '../tasks/model/day-labels.ts';
import { DayBar } from './day-bar.tsx';
import { PlanDayDrag } from './day-drag.tsx';
import { DeadlineDialogHost } from '../tasks/components/deadline-dialog.tsx';
import { EstimateDialogHost } from '../tasks/components/estimate-dialog.tsx';
import { LoadBar } from '../tasks/components/load-bar.tsx';
import { PlanRowSettingProvider } from '../tasks/components/plan-row-setting.tsx';
import { dayLoads } from '../tasks/model/day-load.ts';
import { useRefreshWhenVisible } from '../../sync/live/use-refresh-when-visible.ts';
import { ArchivedSection } from './archived-section.tsx';
import { DayNote } from '../day-reviews/components/day-note.tsx';
import { noteForDay } from '../day-reviews/model/day-summary.ts';
import styles from './plan-screen.module.css';
import { ProjectsSection } from './projects-section.tsx';
import { QuickListSection } from './quick-list-section.tsx';

/** spec §2 "Plan screen" (/plan). */
export function PlanScreen() {
  const workspaceId = useWorkspaceId();
  const workspace = useWorkspace();
  const isShown = useWorkspaceShown(workspace);
  useRefreshWhenVisible(workspaceId);
  useResetPlanLayoutOnLeave();
  const view = useLayoutStore((state) => state.view);
  const today = useWorkspaceToday();
  const chosen = usePlanningDayStore((state) => state.day);
  const day = chosen !== null && chosen > today ? chosen : today;
  const subtitle =
    day === today
      ? 'Check a task to put it on your Execute list.'
      : `Check a task to plan it for ${dayLabel(day, today).replace(/^T/, 't')}.`;

  return (
    <div className={styles.screen} data-view={view}>
      <PageHeader title="Plan" subtitle={<span aria-live="polite">{subtitle}</span>} />
      <WorkspaceGate query={workspace} isShown={isShown}>
        {workspace.data && (
          <PlanDayDrag today={today}>
            <DayBar workspace={workspace.data} today={today} />
            <PlanDayLoad workspace={workspace.data} today={today} day={day} />
            <PlanDayNote workspace={workspace.data} today={today} day={day} />
            {/* The task rows' shared setting, read once for all of them. */}
            <PlanRowSettingProvider>
              <PlanContent workspace={workspace.data} />
            </PlanRowSettingProvider>
          </PlanDayDrag>
        )}
      </WorkspaceGate>
    </div>
  );
}

function PlanContent({ workspace }: { workspace: WorkspaceResponse }) {
  const modal = useLayoutStore((state) => state.modal);
  const closeModal = useLayoutStore((state) => state.closeModal);
  return (
    <>
      <QuickListSection workspace={workspace} />
      <ProjectsSection workspace={workspace} />
      <ArchivedSection workspace={workspace} />
      <DeadlineDialogHost />
      <EstimateDialogHost />
      {modal.type === 'projectDetails' && (
        <ProjectDetailModal
          key={modal.id}
          projectId={modal.id}
          addTask={modal.addTask}
          onClose={closeModal}
        />
      )}
      {modal.type === 'archivedProjectDetails' && (
        <ArchivedProjectDetailModal key={modal.id} projectId={modal.id} onClose={closeModal} />
      )}
    </>
  );
}

/** The chosen day's estimates against its capacity (issue 30), under the day bar. */
function PlanDayLoad({
  workspace,
  today,
  day,
}: {
  workspace: WorkspaceResponse;
  today: string;
  day: string;
}) {
  const load = useMemo(() => dayLoads(workspace, today, [day]).get(day)!, [workspace, today, day]);
  const name = dayLabel(day, today);
  return <LoadBar load={load} label={`${name}’s load`} />;
}

/** The note left when the day before was finished (issue 30), at the top of the day's plan. */
function PlanDayNote({
  workspace,
  today,
  day,
}: {
  workspace: WorkspaceResponse;
  today: string;
  day: string;
}) {
  const note = noteForDay(workspace, day);
  return note === null ? null : <DayNote note={note} isToday={day === today} />;
}

/** Modals, reorder mode and half-typed project entries belong to this visit of the screen. */
function useResetPlanLayoutOnLeave() {
  useEffect(
    () => () =>
      useLayoutStore.setState({
        modal: { type: 'none' },
        projectsReorder: false,
        addingProjectTop: false,
        addingProjectBottom: false,
      }),
    [],
  );
}
