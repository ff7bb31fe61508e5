import type { CodeLoginBody } from '@hustle/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { storeToken } from '../../../api/auth-token.ts';
import { api } from '../../../api/api-client.ts';

type LoginWithCode = Pick<CodeLoginBody, 'email' | 'code'>;

function loginWithCode({ email, code }: LoginWithCode) {
  return api.loginWithCode({
    body: {
      email,
      code,
      // ARCHITECTURE §5: automations fire at midnight in the time zone the user logs in from.
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
}

export function useLoginWithCode() {
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: ({ accessToken }) => storeToken(accessToken),
  });
}
