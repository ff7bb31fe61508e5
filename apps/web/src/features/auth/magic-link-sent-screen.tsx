import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { AuthHeader, DebugNote, MailboxLinks, SpamHint } from './auth-parts.tsx';

/** The debug link comes from the address bar, so only web addresses become links. */
function webAddress(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Magic-link login, e-mail-sent mode. */
export function MagicLinkSentScreen() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  const debugLink = webAddress(searchParams.get('debugLink'));
  const differentEmailPath = email
    ? `/magic-link?email=${encodeURIComponent(email)}`
    : '/magic-link';

  return (
    <AuthLayout footer={<Link to={differentEmailPath}>Use a different email</Link>}>
      <AuthHeader title="Check your email for a link">
        {email ? (
          <>
            We sent a login link to <strong>{email}</strong>. Open it on this device to continue.
          </>
        ) : (
          'We sent you a login link. Open it on this device to continue.'
        )}
      </AuthHeader>
      {debugLink && (
        <DebugNote>
          Debug link: <a href={debugLink}>{debugLink}</a>
        </DebugNote>
      )}
      <MailboxLinks />
      <SpamHint />
    </AuthLayout>
  );
}
