import type { ProjectMember } from '@hustle/shared/invites';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { useProjectMembers, useRemoveProjectMember } from '../api/project-members.ts';
import styles from '../invites.module.css';

/** Who the owner shares the project with, each removable after a confirmation (issue 17). */
export function MemberList({ projectId }: { projectId: string }) {
  const headingId = useId();
  const members = useProjectMembers(projectId);
  return (
    <section className={styles.members} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.linkLabel}>
        Shared with
      </h3>
      {members.isPending ? (
        <Loader label="Getting the members…" />
      ) : members.isError ? (
        <p className={styles.errorText} role="alert">
          Could not get the members. {errorMessage(members.error)}
        </p>
      ) : members.data.length === 0 ? (
        <p className={styles.muted}>No one yet. Send the link above to invite someone.</p>
      ) : (
        <ul className={styles.memberList}>
          {members.data.map((member) => (
            <MemberRow key={member.workspaceId} projectId={projectId} member={member} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberRow({ projectId, member }: { projectId: string; member: ProjectMember }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useRemoveProjectMember(projectId);
  return (
    <li className={styles.memberRow}>
      <span className={styles.memberEmail}>{member.email}</span>
      {isConfirming ? (
        <span className={styles.memberConfirm}>
          <Button variant="ghost" onClick={() => setIsConfirming(false)}>
            Keep
          </Button>
          <Button
            variant="primary"
            aria-label={`Remove ${member.email} now`}
            onClick={() => remove(member)}
          >
            Remove
          </Button>
        </span>
      ) : (
        <Button
          variant="ghost"
          aria-label={`Remove ${member.email}`}
          onClick={() => setIsConfirming(true)}
        >
          Remove
        </Button>
      )}
    </li>
  );
}
