import type { PersonalToken } from '@hustle/shared/tokens';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formatLongDate } from '../../../ui/dates.ts';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { Badge, SettingsList, SettingsRow } from '../../../ui/settings-list.tsx';
import { useRevokeToken, useTokens } from '../api/tokens.ts';
import { NewTokenForm } from './new-token-form.tsx';
import { SCOPE_LABELS } from './scope-labels.ts';
import styles from '../tokens.module.css';

/** Personal access tokens on the account page (issue 32): made, listed, revoked. */
export function TokensSection() {
  const tokens = useTokens();
  const [isMaking, setIsMaking] = useState(false);
  return (
    <SettingsCard
      title="Access tokens"
      action={!isMaking && <Button onClick={() => setIsMaking(true)}>New token</Button>}
    >
      <p className={styles.muted}>
        Let another app or a script use Hustle as you, within the scopes you choose. Revoke a token
        and it stops working at once.
      </p>
      {isMaking && <NewTokenForm onDone={() => setIsMaking(false)} />}
      {tokens.isPending ? (
        <Loader label="Loading your tokens…" />
      ) : tokens.isError ? (
        <LoadFailure
          what="Could not load your tokens."
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        !isMaking && <p className={styles.muted}>No tokens yet.</p>
      ) : (
        <SettingsList label="Your access tokens">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </SettingsList>
      )}
    </SettingsCard>
  );
}

function TokenRow({ token }: { token: PersonalToken }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const revoke = useRevokeToken();
  const isExpired = token.expiresAt !== null && new Date(token.expiresAt) <= new Date();
  const confirm = () => revoke.mutate(token);
  return (
    <SettingsRow
      title={
        <>
          {token.name}
          {token.scopes.map((scope) => (
            <Badge key={scope} tone="quiet">
              {SCOPE_LABELS[scope].name}
            </Badge>
          ))}
        </>
      }
      details={
        <>
          Made {formatLongDate(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatLongDate(token.lastUsedAt)}` : 'Never used'} ·{' '}
          <span className={isExpired ? styles.expired : undefined}>
            {token.expiresAt === null
              ? 'No expiry'
              : `${isExpired ? 'Expired' : 'Expires'} ${formatLongDate(token.expiresAt)}`}
          </span>
        </>
      }
      action={
        <>
          <Button
            variant="ghost"
            onClick={() => setIsConfirming(true)}
            isLoading={revoke.isPending}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
          {isConfirming && (
            <ConfirmDialog
              title={`Revoke ${token.name}?`}
              confirmLabel="Revoke"
              onConfirm={confirm}
              onClose={() => setIsConfirming(false)}
            >
              Apps and scripts using this token stop working at once. This cannot be undone.
            </ConfirmDialog>
          )}
        </>
      }
    />
  );
}
