import type { SealedChanges } from '../../sync/outbox/sealed-changes.ts';
import { emailLengthProblem } from '@hustle/shared/auth';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../ui/button.tsx';
import { ExternalIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './auth-parts.module.css';

export function AuthHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {children && <p className={styles.lead}>{children}</p>}
    </header>
  );
}

/** The e-mail box each way of logging in starts with; focused, since it is the first thing to do. */
export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (email: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={emailLengthProblem(value) ?? error}
    />
  );
}

const MAILBOXES = [
  { name: 'Gmail', href: 'https://mail.google.com/mail/u/0/#inbox' },
  { name: 'Outlook', href: 'https://outlook.live.com/mail/0/inbox' },
] as const;

export function MailboxLinks() {
  return (
    <div className={styles.mailboxes}>
      {MAILBOXES.map(({ name, href }) => (
        <a
          key={name}
          className={buttonClassName({ variant: 'secondary' })}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open {name}
          <ExternalIcon />
        </a>
      ))}
    </div>
  );
}

export function SpamHint() {
  return <p className={styles.hint}>Can’t find it? Check your spam folder.</p>;
}

/** Shown only when the server runs without a mailer and hands the secret back (ARCHITECTURE §1). */
export function DebugNote({ children }: { children: ReactNode }) {
  return <p className={styles.debug}>{children}</p>;
}

/**
 * Says that changes made in this browser wait for the user whose session ended (issue 28), and
 * whose sign-in sends them.
 */
export function SealedChangesNote({ sealed }: { sealed: SealedChanges }) {
  const changes = sealed.count === 1 ? '1 change' : `${sealed.count} changes`;
  return (
    <p className={styles.sealed} role="note">
      {changes} made in this browser {sealed.count === 1 ? 'is' : 'are'} kept for{' '}
      <strong>{sealed.email}</strong>. Sign in with that address to send{' '}
      {sealed.count === 1 ? 'it' : 'them'}.
    </p>
  );
}

export function AuthAlert({ children }: { children: ReactNode }) {
  return (
    <p className={styles.alert} role="alert">
      {children}
    </p>
  );
}

export { styles as authStyles };
