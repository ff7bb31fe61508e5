import { normalizeEmail } from '@hustle/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

function requestLoginCode(email: string, invite: string | undefined) {
  return api.requestLoginCode({
    body: { email: normalizeEmail(email), ...(invite ? { invite } : {}) },
  });
}

/** `invite`: the invite link this sign-in came from, which may let a new address sign up. */
export function useRequestLoginCode(invite?: string) {
  return useMutation({ mutationFn: (email: string) => requestLoginCode(email, invite) });
}
