import { isInvitePath, type CodeAuthorizeResponse } from '@hustle/shared/auth';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { LoginCodeStep } from './login-code-step.tsx';
import { LoginEmailStep } from './login-email-step.tsx';

/**
 * Signed-out users who opened an invite come back to it after logging in: from the invite's own
 * address, or from /login?returnTo=/invite/… (its 'Log in to join'). Only invite paths are
 * honoured, so the parameter cannot send anyone elsewhere.
 */
export function returnPathFor(pathname: string, search: string) {
  if (isInvitePath(pathname)) return pathname;
  const returnTo = new URLSearchParams(search).get('returnTo');
  return isInvitePath(returnTo) ? returnTo : '/';
}

/** spec §4 login flow: GET_EMAIL, then EMAIL_SENT once a code was sent. */
export function LoginScreen() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<CodeAuthorizeResponse | null>(null);
  const returnPath = returnPathFor(pathname, search);
  // The magic link comes back to the same invite as a code would.
  const magicLinkPath =
    returnPath === '/'
      ? '/magic-link'
      : `/magic-link?${new URLSearchParams({ returnTo: returnPath })}`;

  return (
    <AuthLayout
      footer={
        sent ? null : (
          <>
            Rather have a link? <Link to={magicLinkPath}>Email me a magic link</Link>
          </>
        )
      }
    >
      {sent ? (
        <LoginCodeStep
          sent={sent}
          onCodeSent={setSent}
          onChangeEmail={() => setSent(null)}
          onLoggedIn={() => navigate(returnPath, { replace: true })}
        />
      ) : (
        <LoginEmailStep email={email} onEmailChange={setEmail} onCodeSent={setSent} />
      )}
    </AuthLayout>
  );
}
