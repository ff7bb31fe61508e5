import type { CodeAuthorizeResponse } from '@hustle/shared/auth';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { LoginCodeStep } from './login-code-step.tsx';
import { LoginEmailStep } from './login-email-step.tsx';

/** Signed-out users who opened an invite come back to it after logging in. */
function returnPathFor(pathname: string) {
  return pathname.startsWith('/invite/') ? pathname : '/';
}

/** spec §4 login flow: GET_EMAIL, then EMAIL_SENT once a code was sent. */
export function LoginScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<CodeAuthorizeResponse | null>(null);

  return (
    <AuthLayout
      footer={
        sent ? null : (
          <>
            Rather have a link? <Link to="/magic-link">Email me a magic link</Link>
          </>
        )
      }
    >
      {sent ? (
        <LoginCodeStep
          sent={sent}
          onCodeSent={setSent}
          onChangeEmail={() => setSent(null)}
          onLoggedIn={() => navigate(returnPathFor(pathname), { replace: true })}
        />
      ) : (
        <LoginEmailStep email={email} onEmailChange={setEmail} onCodeSent={setSent} />
      )}
    </AuthLayout>
  );
}
