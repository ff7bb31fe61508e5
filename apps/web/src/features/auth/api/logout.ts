import { STORAGE_KEYS } from '@hustle/shared/constants';
import { useNavigate } from 'react-router';
import { clearToken } from '../../../api/auth-token.ts';
import { api } from '../../../api/api-client.ts';

/** Logs out on the server, then forgets the user here even if the server could not be reached. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await api.logout().catch(() => {
      // The token is dropped below either way; a failed revoke only leaves it to expire.
    });
    clearToken();
    localStorage.removeItem(STORAGE_KEYS.featureFlags);
    navigate('/login', { replace: true });
  };
}
