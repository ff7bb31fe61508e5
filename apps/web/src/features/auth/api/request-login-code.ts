import {
  CodeAuthorizeResponseSchema,
  normalizeEmail,
  type CodeAuthorizeBody,
} from '@hustle/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client.ts';

function requestLoginCode(email: string) {
  return apiRequest('/auth/code/authorize', {
    method: 'POST',
    body: { email: normalizeEmail(email) } satisfies CodeAuthorizeBody,
    schema: CodeAuthorizeResponseSchema,
  });
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
