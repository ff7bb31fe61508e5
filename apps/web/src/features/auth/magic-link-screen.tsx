import { isValidEmail, normalizeEmail } from '@hustle/shared/auth';
import { isInvitePath } from '@hustle/shared/invite-path';
import { apiUrl } from '../../api/api-url.ts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../ui/button.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthAlert, AuthHeader, authStyles, EmailField } from './auth-parts.tsx';

function authorizeHrefOf(email: string, returnTo: string | null) {
  return apiUrl('requestMagicLink', {
    query: {
      email: normalizeEmail(email),
      ...(isInvitePath(returnTo) ? { returnTo } : {}),
      // spec §2: in development the link calls back to this dev server instead of the app's address.
      ...(import.meta.env.DEV ? { callback: window.location.origin } : {}),
    },
  });
}

/** Magic-link login, e-mail entry mode. The server answers the link with a redirect. */
export function MagicLinkScreen() {
  const [searchParams] = useSearchParams();
  const serverError = searchParams.get('error');
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const canSend = isValidEmail(email);
  const authorizeHref = authorizeHrefOf(email, searchParams.get('returnTo'));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSend) window.location.assign(authorizeHref);
  };

  return (
    <AuthLayout
      footer={
        <>
          Have a code instead? <Link to="/login">Log in with a code</Link>
        </>
      }
    >
      <AuthHeader title="Log in with a magic link">
        We’ll email you a link that logs you in — no code to type.
      </AuthHeader>
      {serverError && <AuthAlert>{serverError}</AuthAlert>}
      <form className={authStyles.form} onSubmit={handleSubmit} noValidate>
        <EmailField value={email} onChange={setEmail} />
        {/* A real navigation: the server mails the link and redirects to /magic-link/sent. */}
        <a
          className={buttonClassName({ variant: 'primary', size: 'large', fullWidth: true })}
          href={canSend ? authorizeHref : undefined}
          role="link"
          aria-disabled={!canSend}
        >
          Send me the link
        </a>
      </form>
    </AuthLayout>
  );
}
