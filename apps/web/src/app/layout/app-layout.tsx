import type { SessionResponse } from '@hustle/shared/auth';
import { APP_VERSION } from '@hustle/shared/constants';
import { Outlet } from 'react-router';
import { BUILD_ENV } from '../build-info.ts';
import { useLiveUpdates } from '../../features/sync/hooks/use-live-updates.ts';
import styles from './app-layout.module.css';
import { TopBar } from './top-bar.tsx';
import { useNavigationShortcuts } from './use-navigation-shortcuts.ts';

export function AppLayout({ session }: { session: SessionResponse }) {
  useNavigationShortcuts();
  useLiveUpdates(session.workspaceId);
  return (
    <div className={styles.shell}>
      <TopBar email={session.email} featureFlags={session.featureFlags} />
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        v{APP_VERSION} <span className={styles.buildEnv}>{BUILD_ENV}</span>
      </footer>
    </div>
  );
}
