import { isPlausibleInviteToken } from '@hustle/shared/invites';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../ui/button.tsx';
import { InvalidToken } from './invite-screen.tsx';
import styles from './invites.module.css';

/** Where login comes back to after signing in from an invite (features/auth reads it). */
export const loginPathFor = (invitePath: string) =>
  `/login?returnTo=${encodeURIComponent(invitePath)}`;

/**
 * spec §2 invite screen without a stored login token: the invite cannot be read yet (it needs a
 * session), so it says what the link is and offers 'Log in to join', which comes back here.
 */
export function InviteTeaser() {
  const { inviteToken } = useParams();
  if (!isPlausibleInviteToken(inviteToken)) return <InvalidToken />;
  return (
    <div className={styles.stack}>
      <p className={styles.overline}>Project invite</p>
      <h1 className={styles.title}>You’re invited to a project</h1>
      <p className={styles.text}>
        Someone shared a Hustle project with you. Log in or sign up with your email to see it and
        join. It takes a minute.
      </p>
      <Link
        to={loginPathFor(`/invite/${inviteToken}`)}
        className={buttonClassName({ variant: 'primary', size: 'large', fullWidth: true })}
      >
        Log in to join
      </Link>
    </div>
  );
}
