import { normalizeLoginCode } from '@hustle/shared/auth';
import { LIMITS } from '@hustle/shared/constants';
import type { ComponentProps } from 'react';
import { CodeInput } from './code-input.tsx';

const CODE_CHARACTER = /^[A-Za-z0-9]$/;

/**
 * The boxes for a code Hustle mails (signing in, changing the address): its length and
 * characters, upper-cased as typed or pasted, focused at once.
 */
export function MailedCodeInput(
  props: Omit<ComponentProps<typeof CodeInput>, 'length' | 'pattern' | 'normalize' | 'inputMode'>,
) {
  return (
    <CodeInput
      length={LIMITS.loginCodeLength}
      pattern={CODE_CHARACTER}
      normalize={normalizeLoginCode}
      inputMode="text"
      autoFocus
      {...props}
    />
  );
}
