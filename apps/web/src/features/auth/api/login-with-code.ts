import type { CodeLoginBody } from '@hustle/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { storeToken } from '../../../api/auth-token.ts';
import { api } from '../../../api/api-client.ts';

type LoginWithCode = Pick<CodeLoginBody, 'email' | 'code'>;

function loginWithCode({ email, code }: LoginWithCode, invite: string | undefined) {
  return api.loginWithCode({
    body: {
      email,
      code,
      ...(invite ? { invite } : {}),
      // ARCHITECTURE §5: automations fire at midnight in the time zone the user logs in from.
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
}

/** `invite`: the invite link this sign-in came from, which may let a new address sign up. */
export function useLoginWithCode(invite?: string) {
  return useMutation({
    mutationFn: (input: LoginWithCode) => loginWithCode(input, invite),
    onSuccess: ({ accessToken }) => storeToken(accessToken),
  });
}
