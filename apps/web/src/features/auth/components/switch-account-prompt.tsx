import type { SessionResponse } from '@hustle/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/api-client.ts';
import { storeToken } from '../../../api/auth-token.ts';
import { dropPendingSignIn, readPendingSignIn } from '../../../api/pending-sign-in.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useToastStore } from '../../../ui/toast-store.ts';

/**
 * A sign-in link opened while another account is signed in here (issue 28, decision 050): it
 * says whose account the link opens and switches only when asked to. A link for the account
 * already signed in, or one no longer valid, changes nothing.
 */
export function SwitchAccountPrompt({ session }: { session: SessionResponse }) {
  const [pending, setPending] = useState(readPendingSignIn);
  const linked = useQuery({
    queryKey: ['pending-sign-in', pending],
    queryFn: async ({ signal }) => {
      try {
        const linkedSession = await api.getSession({ token: pending!, signal });
        if (linkedSession.userId === session.userId) dropPendingSignIn();
        return linkedSession;
      } catch (error) {
        dropPendingSignIn();
        useToastStore.getState().addToast({
          message: 'That sign-in link has expired or was already used. You are still signed in.',
          tone: 'danger',
        });
        throw error;
      }
    },
    enabled: pending !== null,
    retry: false,
  });
  const isSameAccount = linked.data?.userId === session.userId;

  const forget = () => {
    dropPendingSignIn();
    setPending(null);
  };

  if (pending === null || !linked.data || isSameAccount) return null;
  return (
    <ConfirmDialog
      title="Switch accounts?"
      confirmLabel="Switch account"
      onConfirm={() => {
        forget();
        // Another sign-in takes this one's place; the app clears this account's data (decision 028).
        storeToken(pending);
      }}
      onClose={forget}
    >
      <p>
        This link signs in as <strong>{linked.data.email}</strong>. You are signed in as{' '}
        <strong>{session.email}</strong> in this browser.
      </p>
      <p>Switch only if you opened a sign-in link you asked for yourself.</p>
    </ConfirmDialog>
  );
}
