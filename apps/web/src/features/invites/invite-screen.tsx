import { isPlausibleInviteToken, type InviteResponse } from '@hustle/shared/invites';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { useIsOnline } from '../../api/use-is-online.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToastStore } from '../../ui/toast-store.ts';
import { useInvite } from './api/get-invite.ts';
import { useJoinInvite } from './api/join-invite.ts';
import { projectInViewState } from '../projects/model/project-in-view.ts';
import { InviteCard, ProjectName } from './components/invite-card.tsx';
import styles from './invites.module.css';

/** spec §2 "Invite screen" for a signed-in user: loading, show, joining, then the root route. */
export function InviteScreen() {
  const { inviteToken } = useParams();
  const isPlausible = isPlausibleInviteToken(inviteToken);
  const token = inviteToken ?? '';
  const invite = useInvite(token, { enabled: isPlausible });

  let content;
  if (!isPlausible) {
    content = (
      <InvalidToken>
        <Link to="/plan" className={buttonClassName({ variant: 'secondary' })}>
          Go to your projects
        </Link>
      </InvalidToken>
    );
  } else if (invite.isPending) {
    content = (
      <p className={styles.loading} role="status">
        <Spinner />
        Loading invite...
      </p>
    );
  } else if (invite.isError) {
    content = <ReadFailure error={invite.error} />;
  } else {
    return (
      <div className={styles.screen}>
        <Invitation token={token} invite={invite.data} />
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      <InviteCard>{content}</InviteCard>
    </div>
  );
}

export function InvalidToken({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.stack}>
      <h1 className={styles.title}>Invalid invite token</h1>
      <p className={styles.text}>
        This link is incomplete. Copy the whole link from the message you got, or ask for a new one.
      </p>
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}

/** spec §8 invite read problems: 'Cannot read invite …' or 'Unparsable response …'. */
function ReadFailure({ error }: { error: Error }) {
  const isUnparsable = error instanceof ApiError && error.code === 'UNPARSABLE_RESPONSE';
  return (
    <div role="alert" className={styles.stack}>
      <h1 className={styles.title}>
        {isUnparsable ? 'Unparsable response' : 'Cannot read invite'}
      </h1>
      <p className={styles.text}>
        {isUnparsable
          ? 'The server’s answer about this invite could not be read.'
          : errorMessage(error)}
      </p>
      <div className={styles.actions}>
        <Link to="/plan" className={buttonClassName({ variant: 'secondary' })}>
          Go to your projects
        </Link>
      </div>
    </div>
  );
}

function Invitation({ token, invite }: { token: string; invite: InviteResponse }) {
  const navigate = useNavigate();
  const join = useJoinInvite(token);
  const isOnline = useIsOnline();
  const addToast = useToastStore((state) => state.addToast);
  const name = <ProjectName name={invite.name} color={invite.color} />;

  const joinProject = () =>
    join.mutate(undefined, {
      // Plan, not the root route of spec §6: Execute has nothing of a project just joined, and
      // Plan shows its card (issue 28).
      onSuccess: ({ projectId }) => {
        addToast({ message: `You joined ${invite.name}.` });
        navigate('/plan', { state: projectInViewState(projectId) });
      },
    });

  if (join.isError) {
    const isLimit = join.error instanceof ApiError && join.error.code === 'PROJECT_LIMIT_REACHED';
    return (
      <InviteCard color={invite.color}>
        <p className={styles.overline}>Project invite · {invite.name}</p>
        <div role="alert" className={styles.stack}>
          <h1 className={styles.title}>Could not join the project.</h1>
          <p className={styles.text}>{errorMessage(join.error)}</p>
        </div>
        <div className={styles.actions}>
          {isLimit ? (
            <Link
              to="/subscription?reason=projects"
              className={buttonClassName({ variant: 'primary' })}
            >
              See Premium
            </Link>
          ) : (
            <Button variant="primary" onClick={joinProject}>
              Try again
            </Button>
          )}
          <Link to="/plan" className={buttonClassName({ variant: 'ghost' })}>
            Go to your projects
          </Link>
        </div>
      </InviteCard>
    );
  }

  if (join.isPending || join.isSuccess) {
    return (
      <InviteCard color={invite.color}>
        <div role="status">
          <h1 className={styles.title}>
            <Spinner /> Joining {name}
          </h1>
        </div>
      </InviteCard>
    );
  }

  if (invite.isMember) {
    return (
      <InviteCard color={invite.color}>
        <p className={styles.overline}>Project invite</p>
        <h1 className={styles.title}>You’re already in {name}</h1>
        <p className={styles.text}>It is in your workspace, ready to plan.</p>
        <div className={styles.actions}>
          <Link to="/plan" className={buttonClassName({ variant: 'primary', size: 'large' })}>
            Open Plan
          </Link>
        </div>
      </InviteCard>
    );
  }

  return (
    <InviteCard color={invite.color}>
      <p className={styles.overline}>Project invite</p>
      <h1 className={styles.title}>Join {name} project!</h1>
      <p className={styles.text}>
        <strong className={styles.strong}>{invite.ownerEmail}</strong> invited you to plan this
        project together. It appears in your workspace next to your own projects.
      </p>
      <div className={styles.actions}>
        <Button variant="primary" size="large" fullWidth disabled={!isOnline} onClick={joinProject}>
          Join the project
        </Button>
        <OfflineNote />
      </div>
    </InviteCard>
  );
}
