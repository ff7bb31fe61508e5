import { normalizeEmail } from '@hustle/shared/auth';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { useSession } from '../../../api/session.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { DownloadIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import styles from '../account.module.css';
import { SettingsCard } from '../../../ui/settings-card.tsx';

const WHAT_GOES =
  'Your projects, tasks and automations are erased, your subscription ends, and projects you share disappear for their members. This cannot be undone.';

/** `exportData`: the download offered before the account goes (the portability feature's). */
export function DeleteAccountSection({ exportData }: { exportData: () => Promise<void> }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <SettingsCard title="Delete account" tone="danger">
      <p className={styles.muted}>{WHAT_GOES}</p>
      <div>
        <Button variant="danger" onClick={() => setIsOpen(true)}>
          Delete account…
        </Button>
      </div>
      {isOpen && <DeleteAccountDialog exportData={exportData} onClose={() => setIsOpen(false)} />}
    </SettingsCard>
  );
}

function DeleteAccountDialog({
  exportData,
  onClose,
}: {
  exportData: () => Promise<void>;
  onClose: () => void;
}) {
  const email = useSession().data?.email ?? '';
  const [typed, setTyped] = useState('');
  const [isExporting, setIsExporting] = useState(false);
  const erase = useDeleteAccount();
  const isConfirmed = email !== '' && normalizeEmail(typed) === email;

  const exportFirst = async () => {
    setIsExporting(true);
    await exportData();
    setIsExporting(false);
  };

  return (
    <ConfirmDialog
      title="Delete your account?"
      confirmLabel="Delete account"
      onConfirm={() => erase.mutate(email)}
      onClose={onClose}
      isConfirmDisabled={!isConfirmed}
      isPending={erase.isPending}
      staysOpenOnConfirm
    >
      <div className={styles.dialogBody}>
        <p>{WHAT_GOES}</p>
        <div className={styles.exportBox}>
          <p>
            <strong>Keep a copy first.</strong> The export holds everything you own, and any Hustle
            account can import it.
          </p>
          <div>
            <Button onClick={() => void exportFirst()} isLoading={isExporting}>
              <DownloadIcon /> Export data
            </Button>
          </div>
        </div>
        <TextField
          label={`Type ${email} to confirm`}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={erase.isError ? errorMessage(erase.error) : undefined}
        />
      </div>
    </ConfirmDialog>
  );
}
