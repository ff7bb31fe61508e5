import type { CodeAuthorizeResponse } from '@hustle/shared/auth';
import { LIMITS } from '@hustle/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage, type ApiErrorCode } from '../../api/api-error.ts';
import type { CodeInputHandle } from '../../ui/code-input.tsx';
import { MailedCodeInput } from '../../ui/mailed-code-input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToastStore } from '../../ui/toast-store.ts';
import { useLoginWithCode } from './api/login-with-code.ts';
import { useRequestLoginCode } from './api/request-login-code.ts';
import { AuthHeader, authStyles, DebugNote, MailboxLinks, SpamHint } from './auth-parts.tsx';
import styles from './login-code-step.module.css';

const CODE_ERROR_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  CODE_INVALID: 'That code wasn’t valid. Have another go!',
  CODE_EXPIRED: 'That code’s no longer valid. Request a new code and try again.',
};

function codeErrorMessage(error: Error): string {
  return (error instanceof ApiError && CODE_ERROR_MESSAGES[error.code]) || errorMessage(error);
}

type LoginCodeStepProps = {
  sent: CodeAuthorizeResponse;
  onCodeSent: (sent: CodeAuthorizeResponse) => void;
  onChangeEmail: () => void;
  onLoggedIn: () => void;
  /** The invite link this sign-in came from, if any. */
  invite?: string | undefined;
};

export function LoginCodeStep({
  sent,
  onCodeSent,
  onChangeEmail,
  onLoggedIn,
  invite,
}: LoginCodeStepProps) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<Error | null>(null);
  const codeInput = useRef<CodeInputHandle>(null);
  const login = useLoginWithCode(invite);
  const resend = useRequestLoginCode(invite);
  const addToast = useToastStore((state) => state.addToast);

  // The boxes were disabled while checking, so focus has to be given back once they are not.
  useEffect(() => {
    if (failure) codeInput.current?.focus();
  }, [failure]);

  const submit = (complete: string) => {
    setFailure(null);
    login.mutate(
      { email: sent.email, code: complete },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          setCode('');
          setFailure(error);
        },
      },
    );
  };

  const sendNewCode = () => {
    setFailure(null);
    resend.mutate(sent.email, {
      onSuccess: (again) => {
        setCode('');
        onCodeSent(again);
        addToast({ message: `We sent a new code to ${again.email}.` });
      },
      onError: setFailure,
    });
  };

  return (
    <>
      <AuthHeader title="Check your email for a code">
        We sent a {LIMITS.loginCodeLength}-character code to <strong>{sent.email}</strong>. Enter it
        below to log in.
      </AuthHeader>
      <div className={styles.code}>
        <MailedCodeInput
          ref={codeInput}
          label="Login code"
          value={code}
          onChange={setCode}
          onComplete={submit}
          disabled={login.isPending}
        />
        <div className={styles.status}>
          {login.isPending ? (
            <span className={styles.checking} role="status">
              <Spinner />
              Checking your code…
            </span>
          ) : (
            failure && (
              <span className={styles.error} role="alert">
                {codeErrorMessage(failure)}
              </span>
            )
          )}
        </div>
      </div>
      {sent.debugCode && (
        <DebugNote>
          Debug code: <code>{sent.debugCode}</code>
        </DebugNote>
      )}
      <MailboxLinks />
      <SpamHint />
      <div className={styles.actions}>
        <button type="button" className={authStyles.textButton} onClick={onChangeEmail}>
          Use a different email
        </button>
        <button
          type="button"
          className={authStyles.textButton}
          onClick={sendNewCode}
          disabled={resend.isPending}
        >
          Send a new code
        </button>
      </div>
    </>
  );
}
