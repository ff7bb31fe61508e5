import type { FeatureFlag } from '@hustle/shared/constants';
import { useLogout } from '../../features/auth/api/logout.ts';
import {
  BoltIcon,
  CardIcon,
  ChevronDownIcon,
  DownloadIcon,
  GearIcon,
  HistoryIcon,
  LogOutIcon,
  MoonIcon,
  SunIcon,
  UploadIcon,
  UserIcon,
} from '../../ui/icons.tsx';
import { useLayoutStore } from '../../stores/layout-store.ts';
import { Menu, MenuItem, MenuLinkItem, MenuSeparator } from '../../ui/menu.tsx';
import { NEEDS_CONNECTION, useIsOnline } from '../../api/use-is-online.ts';
import { useToastStore } from '../../ui/toast-store.ts';
import { openImportDialog, startExport } from './data-actions.tsx';
import styles from './user-menu.module.css';

type UserMenuProps = {
  email: string;
  featureFlags: readonly FeatureFlag[];
  /** The address is one of the server's ADMIN_EMAILS (decision 057). */
  isAdmin?: boolean | undefined;
};

export function UserMenu({ email, featureFlags, isAdmin = false }: UserMenuProps) {
  const isDark = useLayoutStore((state) => state.theme === 'dark');
  const toggleTheme = useLayoutStore((state) => state.toggleTheme);
  const logout = useLogout();
  const isOnline = useIsOnline();
  const addToast = useToastStore((state) => state.addToast);
  // Export and import are the server's by nature (issue 15): offline, say why instead.
  const whenOnline = (action: () => void) => () =>
    isOnline ? action() : addToast({ message: NEEDS_CONNECTION });

  return (
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
      <MenuLinkItem icon={<HistoryIcon />} to="/logbook">
        Logbook
      </MenuLinkItem>
      <MenuLinkItem icon={<UserIcon />} to="/account">
        Account
      </MenuLinkItem>
      {isAdmin && (
        <MenuLinkItem icon={<GearIcon />} to="/admin">
          Admin
        </MenuLinkItem>
      )}
      <MenuSeparator />
      <MenuItem icon={<DownloadIcon />} onSelect={whenOnline(() => void startExport())}>
        Export data
      </MenuItem>
      <MenuItem icon={<UploadIcon />} onSelect={whenOnline(openImportDialog)}>
        Import data
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={<LogOutIcon />} onSelect={() => void logout()}>
        Logout
      </MenuItem>
    </Menu>
  );
}
