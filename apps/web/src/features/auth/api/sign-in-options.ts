import type { SignInOptions } from '@hustle/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

/** Until the server answers, the e-mail form shows: what nearly every instance offers. */
const EMAIL_ONLY: SignInOptions = { email: true, sso: null };

/** How this server signs people in (decision 058): e-mail, its single sign-on, or both. */
export function useSignInOptions(): SignInOptions {
  const { data } = useQuery({
    queryKey: ['sign-in-options'],
    queryFn: ({ signal }) => api.getSignInOptions({ signal }),
    staleTime: Infinity,
  });
  return data ?? EMAIL_ONLY;
}
