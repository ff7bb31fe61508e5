import type { SessionResponse } from '@hustle/shared/auth';
import { APP_VERSION } from '@hustle/shared/constants';
import { Outlet } from 'react-router';
import { BUILD_ENV } from '../build-info.ts';
import { KeyboardLayer } from '../keyboard/keyboard-layer.tsx';
import { SwitchAccountPrompt } from '../../features/auth/components/switch-account-prompt.tsx';
import { useLiveUpdates } from '../../sync/live/use-live-updates.ts';
import { useOutboxCatchUp } from '../../sync/live/use-outbox-catch-up.ts';
import { useUndoOffers } from '../../features/undo/hooks/use-undo-offers.ts';
import { OfflineBanner } from './offline-banner.tsx';
import styles from './app-layout.module.css';
import { ImportDialogHost } from './data-actions.tsx';
import { TopBar } from './top-bar.tsx';

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
      <footer className={styles.footer}>
        v{APP_VERSION} <span className={styles.buildEnv}>{BUILD_ENV}</span>
      </footer>
    </div>
  );
}
