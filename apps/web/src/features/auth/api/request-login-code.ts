import { normalizeEmail } from '@hustle/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

function requestLoginCode(email: string) {
  return api.requestLoginCode({ body: { email: normalizeEmail(email) } });
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
