import { emailLengthProblem, isValidEmail } from '@hustle/shared/auth';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../api/api-error.ts';
import { useSession } from '../../../api/session.ts';
import { Button } from '../../../ui/button.tsx';
import type { CodeInputHandle } from '../../../ui/code-input.tsx';
import { MailedCodeInput } from '../../../ui/mailed-code-input.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/change-email.ts';
import styles from '../account.module.css';
import { SettingsCard } from '../../../ui/settings-card.tsx';

type Step =
  { name: 'shown' } | { name: 'entering' } | { name: 'code'; email: string; debugCode?: string };

const codeProblem = (error: unknown): string =>
  error instanceof ApiError && error.code === 'CODE_INVALID'
    ? 'That code wasn’t valid. Check the e-mail and try again.'
    : error instanceof ApiError && error.code === 'CODE_EXPIRED'
      ? 'That code’s no longer valid. Send a new code and try again.'
      : errorMessage(error);

export function EmailSection() {
  const session = useSession();
  const [step, setStep] = useState<Step>({ name: 'shown' });
  const [draft, setDraft] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const codeInput = useRef<CodeInputHandle>(null);
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const addToast = useToastStore((state) => state.addToast);
  const current = session.data?.email ?? '';

  const cancel = () => {
    setStep({ name: 'shown' });
    setDraft('');
    setCode('');
    setProblem(null);
  };

  const sendCode = (email: string) => {
    setProblem(null);
    request.mutate(email, {
      onSuccess: (sent) => {
        setCode('');
        setStep({ name: 'code', email: sent.email, debugCode: sent.debugCode });
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (isValidEmail(draft)) sendCode(draft);
  };

  const submitCode = (complete: string) => {
    setProblem(null);
    confirm.mutate(complete, {
      onSuccess: ({ email }) => {
        cancel();
        addToast({ message: `You now sign in with ${email}.` });
      },
      onError: (error) => {
        setProblem(codeProblem(error));
        setCode('');
        window.setTimeout(() => codeInput.current?.focus());
      },
    });
  };

  return (
    <SettingsCard
      title="E-mail address"
      action={
        step.name === 'shown' && (
          <Button onClick={() => setStep({ name: 'entering' })}>Change e-mail</Button>
        )
      }
    >
      {step.name === 'shown' && (
        <p>
          You sign in with <strong className={styles.email}>{current}</strong>.
        </p>
      )}
      {step.name === 'entering' && (
        <form className={styles.form} onSubmit={submitEmail} noValidate>
          <TextField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            hint="We send a code there, to be sure it is yours."
            error={problem ?? emailLengthProblem(draft)}
          />
          <div className={styles.actions}>
            <Button
              type="submit"
              variant="primary"
              disabled={!isValidEmail(draft)}
              isLoading={request.isPending}
            >
              Send code
            </Button>
            <Button variant="ghost" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {step.name === 'code' && (
        <div className={styles.form}>
          <p>
            We sent a code to <strong className={styles.email}>{step.email}</strong>. Enter it to
            sign in with that address from now on.
          </p>
          <MailedCodeInput
            ref={codeInput}
            label="Code from the e-mail"
            value={code}
            onChange={setCode}
            onComplete={submitCode}
            disabled={confirm.isPending}
          />
          {problem && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          {step.debugCode && (
            <p className={styles.muted}>
              Development mode: your code is <strong>{step.debugCode}</strong>
            </p>
          )}
          <div className={styles.actions}>
            <Button onClick={() => sendCode(step.email)} isLoading={request.isPending}>
              Send a new code
            </Button>
            <Button variant="ghost" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
