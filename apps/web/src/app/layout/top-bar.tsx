import { TIMINGS, type FeatureFlag } from '@hustle/shared/constants';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useWorkspaceId, workspaceQuery } from '../../sync/workspace/get-workspace.ts';
import { lazyScreen } from '../lazy-screen.ts';
import { SyncStatus } from './sync-status.tsx';
import iconButton from '../../ui/icon-button.module.css';
import { SearchIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import styles from './top-bar.module.css';
import { UserMenu } from './user-menu.tsx';

const TABS = [
  { to: '/plan', label: 'Plan', shortcut: '1' },
  { to: '/execute', label: 'Execute', shortcut: '2' },
  { to: '/upcoming', label: 'Upcoming', shortcut: '3' },
] as const;

// Loaded when a timer is on: its commands (the outbox and the command table) stay out of the
// first screen's script (decision 016).
const FocusTimer = lazyScreen(() =>
  import('../../features/focus/components/focus-timer.tsx').then((module) => module.FocusTimer),
);

const hasFocus = (workspace: WorkspaceResponse) => workspace.focus !== null;

/** The focus timer (issue 30) while one runs or is paused. */
function FocusTimerSlot() {
  const { data: isOn } = useQuery({ ...workspaceQuery(useWorkspaceId()), select: hasFocus });
  if (!isOn) return null;
  return (
    <Suspense fallback={null}>
      <FocusTimer />
    </Suspense>
  );
}

function useHasWaited(delayMs: number) {
  const [hasWaited, setHasWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setHasWaited(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return hasWaited;
}

type TopBarProps = {
  email: string;
  featureFlags: readonly FeatureFlag[];
  isAdmin?: boolean | undefined;
};

/** spec §2: the top bar appears after 500 ms; until then its space stays empty. */
export function TopBar({ email, featureFlags, isAdmin }: TopBarProps) {
  const isShown = useHasWaited(TIMINGS.topBarDelayMs);

  if (!isShown) return <div className={`${styles.topBar} ${styles.pending}`} />;

  return (
    <header className={styles.topBar}>
      <div className={styles.inner}>
        <div className={styles.start}>
          <Link to="/execute" className={styles.brand} aria-label="Hustle">
            <Logo />
            <span className={styles.wordmark}>Hustle</span>
          </Link>
          {/* Issue 30: beside the name on a desktop; a bar at the foot of a phone's screen. */}
          <FocusTimerSlot />
        </div>
        <nav className={styles.tabs} aria-label="Main">
          {TABS.map(({ to, label, shortcut }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                isActive ? `${styles.tab} ${styles.active}` : styles.tab
              }
              aria-keyshortcuts={shortcut}
              title={`${label} (${shortcut})`}
            >
              {label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.user}>
          <NavLink
            to="/search"
            className={({ isActive }) =>
              `${iconButton.iconButton} ${styles.search}${isActive ? ` ${styles.searchActive}` : ''}`
            }
            aria-label="Search"
            aria-keyshortcuts="/"
            title="Search all tasks (/)"
          >
            <SearchIcon />
          </NavLink>
          <SyncStatus />
          <UserMenu email={email} featureFlags={featureFlags} isAdmin={isAdmin} />
        </div>
      </div>
    </header>
  );
}
