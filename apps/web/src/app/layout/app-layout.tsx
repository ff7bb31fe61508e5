import type { SessionResponse } from '@hustle/shared/auth';
import { APP_VERSION } from '@hustle/shared/constants';
import { Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { lazyScreen } from '../lazy-screen.ts';
import { BUILD_ENV } from '../build-info.ts';
import { KeyboardLayer } from '../keyboard/keyboard-layer.tsx';
import { SwitchAccountPrompt } from '../../features/auth/components/switch-account-prompt.tsx';
import { useLiveUpdates } from '../../sync/live/use-live-updates.ts';
import { useOutboxCatchUp } from '../../sync/live/use-outbox-catch-up.ts';
import { useUndoOffers } from '../../features/undo/hooks/use-undo-offers.ts';
import { OfflineBanner } from './offline-banner.tsx';
import styles from './app-layout.module.css';
import { ImportDialogHost } from './data-actions.tsx';
import { useMoveTaskStore } from '../../stores/move-task.ts';
import { TopBar } from './top-bar.tsx';

// Loaded when a task is first opened: the first screen carries none of it (decision 038).
const TaskDetailsScreen = lazyScreen(() =>
  import('../../features/task-details/task-details-screen.tsx').then((module) => module.default),
);

/** The details sheet, over any screen, while the page's `?task=` names a task (issue 31). */
function TaskDetailsHost() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has('task')) return null;
  return (
    <Suspense fallback={null}>
      <TaskDetailsScreen />
    </Suspense>
  );
}

// Loaded when a move is first asked for, like the sheet (decision 038).
const MoveTaskDialog = lazyScreen(() =>
  import('../../features/tasks/components/move-task-dialog.tsx').then((module) => module.default),
);

/** The "Move to…" picker a row, the sheet or the palette opened (issue 31 item 4). */
function MoveTaskHost() {
  const isMoving = useMoveTaskStore((state) => state.task !== null);
  if (!isMoving) return null;
  return (
    <Suspense fallback={null}>
      <MoveTaskDialog />
    </Suspense>
  );
}

export function AppLayout({ session }: { session: SessionResponse }) {
  useLiveUpdates(session.workspaceId);
  useOutboxCatchUp(session.workspaceId);
  useUndoOffers();
  return (
    <div className={styles.shell}>
      <TopBar email={session.email} featureFlags={session.featureFlags} isAdmin={session.isAdmin} />
      <OfflineBanner />
      <KeyboardLayer featureFlags={session.featureFlags} />
      <ImportDialogHost />
      <SwitchAccountPrompt session={session} />
      <main className={styles.main}>
        <Outlet />
      </main>
      <TaskDetailsHost />
      <MoveTaskHost />
      <footer className={styles.footer}>
        v{APP_VERSION} <span className={styles.buildEnv}>{BUILD_ENV}</span>
      </footer>
    </div>
  );
}
