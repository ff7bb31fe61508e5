import type { CodeAuthorizeResponse } from '@hustle/shared/auth';
import { inviteTokenOf } from '@hustle/shared/invite-path';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { readSealedChanges } from '../../sync/outbox/sealed-changes.ts';
import { SealedChangesNote } from './auth-parts.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { LoginCodeStep } from './login-code-step.tsx';
import { LoginEmailStep } from './login-email-step.tsx';
import { returnPathFor } from './return-path.ts';

/** spec §4 login flow: GET_EMAIL, then EMAIL_SENT once a code was sent. */
export function LoginScreen() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<CodeAuthorizeResponse | null>(null);
  const returnPath = returnPathFor(pathname, search);
  // Coming from an invite lets a new address sign up where sign-up is restricted (decision 056).
  const invite = inviteTokenOf(returnPath);
  const [sealed] = useState(readSealedChanges);
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
            <p>
              Rather have a link? <Link to={magicLinkPath}>Email me a magic link</Link>
            </p>
            <p>
              New to Hustle? <Link to="/welcome">See what it is for</Link>
            </p>
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
          invite={invite}
        />
      ) : (
        <>
          {sealed && <SealedChangesNote sealed={sealed} />}
          <LoginEmailStep
            email={email}
            onEmailChange={setEmail}
            onCodeSent={setSent}
            invite={invite}
          />
        </>
      )}
    </AuthLayout>
  );
}
