import type { AdminUser } from '@hustle/shared/admin';
import type { FeatureFlag } from '@hustle/shared/constants';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formatLongDate } from '../../../ui/dates.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useAccountChange, type AccountChange } from '../api/admin-queries.ts';
import styles from '../admin.module.css';
import {
  choiceLabel,
  choiceOf,
  FEATURE_CHOICE_KEYS,
  FEATURE_CHOICES,
  type FeatureChoice,
} from './feature-choice.ts';

const planText = (user: AdminUser) =>
  user.plan === 'PREMIUM' ? (user.isTrial ? 'Premium trial' : 'Premium') : 'Free';

const tasksText = (n: number) => (n === 1 ? '1 task' : `${n.toLocaleString('en')} tasks`);

type UserRowProps = { user: AdminUser; defaults: readonly FeatureFlag[] };

/** One account: what it is, its features, and disabling or enabling it. */
export function UserRow({ user, defaults }: UserRowProps) {
  const change = useAccountChange();
  const addToast = useToastStore((state) => state.addToast);
  const [isConfirming, setIsConfirming] = useState(false);

  const run = (what: AccountChange, done: string) =>
    change.mutate(what, {
      onSuccess: () => addToast({ message: done }),
      onError: (error) =>
        addToast({ message: `Not changed. ${errorMessage(error)}`, tone: 'danger' }),
    });

  const setFeatures = (choice: FeatureChoice) =>
    run(
      {
        kind: 'feature-flags',
        userId: user.id,
        featureFlags: FEATURE_CHOICES[choice] === null ? null : [...FEATURE_CHOICES[choice]],
      },
      `${user.email}: ${choiceLabel(choice, defaults)}.`,
    );

  return (
    <li className={styles.row}>
      <div className={styles.rowText}>
        <p className={styles.rowName}>
          <span className={styles.email}>{user.email}</span>
          {user.isAdmin && <span className={styles.badge}>Admin</span>}
          {user.disabledAt && <span className={styles.dangerBadge}>Disabled</span>}
        </p>
        <p className={styles.muted}>
          {planText(user)} · {tasksText(user.tasks)} ·{' '}
          {user.lastSeenAt ? `Last seen ${formatLongDate(user.lastSeenAt)}` : 'Not seen lately'}
        </p>
      </div>
      <div className={styles.rowControls}>
        <select
          className={styles.select}
          value={choiceOf(user.featureFlags)}
          disabled={change.isPending}
          aria-label={`Features of ${user.email}`}
          onChange={(event) => setFeatures(event.target.value as FeatureChoice)}
        >
          {FEATURE_CHOICE_KEYS.map((choice) => (
            <option key={choice} value={choice}>
              {choiceLabel(choice, defaults)}
            </option>
          ))}
        </select>
        {user.disabledAt ? (
          <Button
            onClick={() => run({ kind: 'enable', userId: user.id }, `${user.email} can sign in.`)}
            fullWidth
            isLoading={change.isPending && change.variables?.kind === 'enable'}
            aria-label={`Enable ${user.email}`}
          >
            Enable
          </Button>
        ) : (
          !user.isAdmin && (
            <Button
              fullWidth
              className={styles.dangerText}
              onClick={() => setIsConfirming(true)}
              aria-label={`Disable ${user.email}`}
            >
              Disable
            </Button>
          )
        )}
      </div>
      {isConfirming && (
        <ConfirmDialog
          title="Disable this account?"
          confirmLabel="Disable"
          onClose={() => setIsConfirming(false)}
          onConfirm={() =>
            run({ kind: 'disable', userId: user.id }, `${user.email} is disabled and signed out.`)
          }
        >
          <strong>{user.email}</strong> is signed out everywhere at once and cannot sign in until
          you enable the account again. Nothing of theirs is deleted.
        </ConfirmDialog>
      )}
    </li>
  );
}
