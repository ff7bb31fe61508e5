import { SettingsPage } from '../../ui/settings-page.tsx';
import { ActionsSection } from './components/actions-section.tsx';
import { FiguresSection } from './components/figures-section.tsx';
import { UsersSection } from './components/users-section.tsx';

/**
 * The instance admin page (issue 33, decision 057), for the addresses in ADMIN_EMAILS: the
 * instance's figures, its accounts (disable, enable, features), and what the admins did.
 */
export function AdminScreen() {
  return (
    <SettingsPage
      title="Admin"
      subtitle="This Hustle’s accounts, and what its admins did."
      width="wide"
    >
      <FiguresSection />
      <UsersSection />
      <ActionsSection />
    </SettingsPage>
  );
}
