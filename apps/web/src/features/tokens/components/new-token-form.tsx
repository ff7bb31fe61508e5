import {
  TOKEN_LIMITS,
  TOKEN_SCOPES,
  type CreatedToken,
  type TokenScope,
} from '@hustle/shared/tokens';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { Choice } from '../../../ui/choice.tsx';
import { CopyField } from '../../../ui/copy-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateToken } from '../api/tokens.ts';
import { SCOPE_LABELS } from './scope-labels.ts';
import styles from '../tokens.module.css';

const EXPIRIES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: null, label: 'Never' },
] as const;

/** Naming a token and choosing what it may do; then its secret, shown this once. */
export function NewTokenForm({ onDone }: { onDone: () => void }) {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return created ? (
    <SecretNote token={created} onDone={onDone} />
  ) : (
    <TokenForm onCreated={setCreated} onCancel={onDone} />
  );
}

function TokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: CreatedToken) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiresInDays, setExpiresInDays] = useState<number | null>(90);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateToken();

  const toggle = (scope: TokenScope) =>
    setScopes((chosen) =>
      chosen.includes(scope) ? chosen.filter((one) => one !== scope) : [...chosen, scope],
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem('Give the token a name, e.g. the app that uses it.');
    if (scopes.length === 0) return setProblem('Choose at least one scope.');
    setProblem(null);
    create.mutate(
      { name: name.trim(), scopes, expiresInDays },
      {
        onSuccess: onCreated,
        onError: (error) => setProblem(`Could not make the token. ${errorMessage(error)}`),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New access token">
      <TextField
        label="Name"
        hint="What uses it, so you know which to revoke later."
        value={name}
        maxLength={TOKEN_LIMITS.nameLength}
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Scopes</legend>
        {TOKEN_SCOPES.map((scope) => (
          <Choice
            key={scope}
            type="checkbox"
            checked={scopes.includes(scope)}
            onChange={() => toggle(scope)}
          >
            <span>
              <strong>{SCOPE_LABELS[scope].name}</strong>
              <span className={styles.muted}> — {SCOPE_LABELS[scope].explains}</span>
            </span>
          </Choice>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Expires after</legend>
        <div className={styles.expiries}>
          {EXPIRIES.map((expiry) => (
            <Choice
              key={expiry.label}
              type="radio"
              name="token-expiry"
              checked={expiresInDays === expiry.days}
              onChange={() => setExpiresInDays(expiry.days)}
            >
              {expiry.label}
            </Choice>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isLoading={create.isPending}>
          Make token
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

function SecretNote({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  return (
    <div className={styles.secretBox} role="status">
      <p>
        <strong>{token.name}</strong> is ready. Copy it now: Hustle keeps only a fingerprint of it,
        so you will not see it again.
      </p>
      <CopyField value={token.secret} label="Your new access token" what="the token" isPrimary />
      <div className={styles.actions}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
