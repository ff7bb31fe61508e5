import type { FeatureFlag } from '@hustle/shared/constants';
import { Suspense, useState } from 'react';
import { useLogout } from '../../features/auth/api/logout.ts';
import {
  BoltIcon,
  CardIcon,
  ChevronDownIcon,
  DownloadIcon,
  LogOutIcon,
  MoonIcon,
  SunIcon,
  UploadIcon,
} from '../../ui/icons.tsx';
import { lazyScreen } from '../lazy-screen.ts';
import { useLayoutStore } from '../../ui/layout-store.ts';
import { Menu, MenuItem, MenuLinkItem, MenuSeparator } from '../../ui/menu.tsx';
import { useToastStore } from '../../ui/toast-store.ts';
import styles from './user-menu.module.css';

// Export and import load with their first use: the app shell carries no contract (decision 016).
const ImportDataModal = lazyScreen(
  async () =>
    (await import('../../features/portability/components/import-data-modal.tsx')).ImportDataModal,
);
const downloadExport = () =>
  import('../../features/portability/api/export-data.ts').then(
    (exporting) => exporting.downloadExport(),
    () =>
      useToastStore.getState().addToast({
        message: 'Could not start the export. Check your connection and try again.',
        tone: 'danger',
      }),
  );

type UserMenuProps = { email: string; featureFlags: readonly FeatureFlag[] };

export function UserMenu({ email, featureFlags }: UserMenuProps) {
  const isDark = useLayoutStore((state) => state.theme === 'dark');
  const toggleTheme = useLayoutStore((state) => state.toggleTheme);
  const logout = useLogout();
  const [isImporting, setIsImporting] = useState(false);

  return (
    <>
      <Menu
        title={email}
        triggerClassName={styles.trigger}
        trigger={
          <>
            <span className={styles.avatar} aria-hidden="true">
              {email.charAt(0)}
            </span>
            <span className={styles.email}>{email}</span>
            <ChevronDownIcon />
          </>
        }
      >
        <MenuItem icon={isDark ? <SunIcon /> : <MoonIcon />} onSelect={toggleTheme}>
          {isDark ? 'Light theme' : 'Dark theme'}
        </MenuItem>
        {featureFlags.includes('automation') && (
          <MenuLinkItem icon={<BoltIcon />} to="/automation">
            Automate
          </MenuLinkItem>
        )}
        {featureFlags.includes('subscription') && (
          <MenuLinkItem icon={<CardIcon />} to="/subscription">
            Subscription
          </MenuLinkItem>
        )}
        <MenuSeparator />
        <MenuItem icon={<DownloadIcon />} onSelect={() => void downloadExport()}>
          Export data
        </MenuItem>
        <MenuItem icon={<UploadIcon />} onSelect={() => setIsImporting(true)}>
          Import data
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={<LogOutIcon />} onSelect={() => void logout()}>
          Logout
        </MenuItem>
      </Menu>
      {isImporting && (
        <Suspense fallback={null}>
          <ImportDataModal onClose={() => setIsImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
