import { isValidEmail, type CodeAuthorizeResponse } from '@hustle/shared/auth';
import type { FormEvent } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useIsOnline } from '../../api/use-is-online.ts';
import { Button } from '../../ui/button.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { useRequestLoginCode } from './api/request-login-code.ts';
import { AuthHeader, authStyles, EmailField } from './auth-parts.tsx';

type LoginEmailStepProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onCodeSent: (sent: CodeAuthorizeResponse) => void;
  /** The invite link this sign-in came from, if any. */
  invite?: string | undefined;
};

export function LoginEmailStep({ email, onEmailChange, onCodeSent, invite }: LoginEmailStepProps) {
  const requestCode = useRequestLoginCode(invite);
  const isOnline = useIsOnline();
  const canContinue = isValidEmail(email);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canContinue) requestCode.mutate(email, { onSuccess: onCodeSent });
  };

  return (
    <>
      <AuthHeader title="Login / Sign up">
        Enter your email and we’ll send you a code to log in.
      </AuthHeader>
      <form className={authStyles.form} onSubmit={handleSubmit} noValidate>
        <EmailField
          value={email}
          onChange={(nextEmail) => {
            requestCode.reset();
            onEmailChange(nextEmail);
          }}
          error={requestCode.isError ? errorMessage(requestCode.error) : undefined}
        />
        <Button
          type="submit"
          variant="primary"
          size="large"
          fullWidth
          // Signing in is the server's by nature (issue 15).
          disabled={!canContinue || !isOnline}
          isLoading={requestCode.isPending}
        >
          Continue
        </Button>
        <OfflineNote />
      </form>
    </>
  );
}
