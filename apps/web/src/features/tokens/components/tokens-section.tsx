import type { PersonalToken } from '@hustle/shared/tokens';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formatLongDate } from '../../../ui/dates.ts';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
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
        <div className={styles.failure} role="alert">
          <p>Could not load your tokens. {errorMessage(tokens.error)}</p>
          <Button onClick={() => void tokens.refetch()}>Try again</Button>
        </div>
      ) : tokens.data.length === 0 ? (
        !isMaking && <p className={styles.muted}>No tokens yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Your access tokens">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
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
    <li className={styles.row}>
      <div className={styles.rowText}>
        <p className={styles.name}>
          {token.name}
          {token.scopes.map((scope) => (
            <span key={scope} className={styles.scope}>
              {SCOPE_LABELS[scope].name}
            </span>
          ))}
        </p>
        <p className={styles.muted}>
          Made {formatLongDate(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatLongDate(token.lastUsedAt)}` : 'Never used'} ·{' '}
          <span className={isExpired ? styles.expired : undefined}>
            {token.expiresAt === null
              ? 'No expiry'
              : `${isExpired ? 'Expired' : 'Expires'} ${formatLongDate(token.expiresAt)}`}
          </span>
        </p>
      </div>
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
    </li>
  );
}
