import { PageHeader } from '../../ui/page-header.tsx';
import styles from './admin.module.css';
import { ActionsSection } from './components/actions-section.tsx';
import { FiguresSection } from './components/figures-section.tsx';
import { UsersSection } from './components/users-section.tsx';

/**
 * The instance admin page (issue 33, decision 057), for the addresses in ADMIN_EMAILS: the
 * instance's figures, its accounts (disable, enable, features), and what the admins did.
 */
export function AdminScreen() {
  return (
    <div className={styles.screen}>
      <PageHeader title="Admin" subtitle="This Hustle’s accounts, and what its admins did." />
      <FiguresSection />
      <UsersSection />
      <ActionsSection />
    </div>
  );
}
