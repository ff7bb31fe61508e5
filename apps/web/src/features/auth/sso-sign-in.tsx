import { isInvitePath } from '@hustle/shared/invite-path';
import { apiUrl } from '../../api/api-url.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { authStyles } from './auth-parts.tsx';

type SsoSignInProps = { name: string; returnPath: string; withEmail: boolean };

/**
 * "Sign in with <name>" (decision 058): a real navigation to the server, which sends the browser
 * on to the provider and, once back, to the app with its token like a magic link.
 */
export function SsoSignIn({ name, returnPath, withEmail }: SsoSignInProps) {
  const href = apiUrl('startOidcSignIn', {
    query: {
      ...(isInvitePath(returnPath) ? { returnTo: returnPath } : {}),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
  return (
    <div className={authStyles.form}>
      {withEmail && (
        <p className={authStyles.divider} aria-hidden="true">
          or
        </p>
      )}
      <a
        className={buttonClassName({
          variant: withEmail ? 'secondary' : 'primary',
          size: 'large',
          fullWidth: true,
        })}
        href={href}
      >
        Sign in with {name}
      </a>
    </div>
  );
}
