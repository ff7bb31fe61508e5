import { STORAGE_KEYS } from '@hustle/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { clearToken } from '../../../api/auth-token.ts';

/** Erases the account; this device then forgets it and shows sign-in, as after Logout. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (email: string) => api.deleteAccount({ body: { email } }),
    onSuccess: () => {
      clearToken();
      localStorage.removeItem(STORAGE_KEYS.featureFlags);
    },
  });
}
