import type { AccountSession } from '@hustle/shared/account';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { formatLongDate, formatTimeAgo, JUST_NOW } from '../../../ui/dates.ts';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useAccountSessions, useSignOutDevices } from '../api/account-sessions.ts';
import styles from '../account.module.css';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { Badge, SettingsList, SettingsRow } from '../../../ui/settings-list.tsx';

/** "Active now", "Active 5 min ago", "Active 3 h ago", then the day. */
export function lastActiveText(lastActiveAt: string, now = Date.now()): string {
  const ago = formatTimeAgo(lastActiveAt, now);
  return ago === JUST_NOW ? 'Active now' : `Active ${ago}`;
}

export function DevicesSection() {
  const sessions = useAccountSessions();
  const { one, others } = useSignOutDevices();
  const addToast = useToastStore((state) => state.addToast);
  const [leaving, setLeaving] = useState<string | null>(null);
  const otherCount = sessions.data?.filter((session) => !session.isCurrent).length ?? 0;

  const signOut = (session: AccountSession) => {
    setLeaving(session.id);
    one.mutate(session.id, {
      onSuccess: () => addToast({ message: `${session.device} is signed out.` }),
      onError: (error) =>
        addToast({ message: `Could not sign it out. ${errorMessage(error)}`, tone: 'danger' }),
      onSettled: () => setLeaving(null),
    });
  };

  const signOutOthers = () =>
    others.mutate(undefined, {
      onSuccess: ({ signedOut }) =>
        addToast({
          message:
            signedOut === 1
              ? 'Signed out of 1 other device.'
              : `Signed out of ${signedOut} other devices.`,
        }),
      onError: (error) =>
        addToast({ message: `Could not sign out. ${errorMessage(error)}`, tone: 'danger' }),
    });

  return (
    <SettingsCard
      title="Signed-in devices"
      action={
        otherCount > 0 && (
          <Button onClick={signOutOthers} isLoading={others.isPending}>
            Sign out everywhere else
          </Button>
        )
      }
    >
      {sessions.isPending ? (
        <Loader label="Loading your devices…" />
      ) : sessions.isError ? (
        <LoadFailure error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <SettingsList label="Your signed-in devices">
            {sessions.data.map((session) => (
              <SettingsRow
                key={session.id}
                title={
                  <>
                    {session.device}
                    {session.isCurrent && <Badge tone="accent">This device</Badge>}
                  </>
                }
                details={
                  <>
                    Signed in {formatLongDate(session.createdAt)} ·{' '}
                    {session.isCurrent ? 'Active now' : lastActiveText(session.lastActiveAt)}
                  </>
                }
                action={
                  !session.isCurrent && (
                    <Button
                      variant="ghost"
                      onClick={() => signOut(session)}
                      isLoading={leaving === session.id}
                      aria-label={`Sign out ${session.device}, signed in ${formatLongDate(session.createdAt)}`}
                    >
                      Sign out
                    </Button>
                  )
                }
              />
            ))}
          </SettingsList>
          {otherCount === 0 && (
            <p className={styles.muted}>You are signed in on this device only.</p>
          )}
        </>
      )}
    </SettingsCard>
  );
}
