import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../api/api-error.ts';
import { useIsOnline } from '../../../api/use-is-online.ts';
import { Button, buttonClassName } from '../../../ui/button.tsx';
import { CopyIcon, RefreshIcon, ShareIcon } from '../../../ui/icons.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { OfflineNote } from '../../../ui/offline-note.tsx';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useInviteLink } from '../api/get-invite-link.ts';
import { useRegenerateInviteLink } from '../api/regenerate-invite-link.ts';
import { absoluteInviteLink, canShareNatively } from '../model/invite-link.ts';
import { MemberList } from './member-list.tsx';
import styles from '../invites.module.css';
import { copyText } from '../../../ui/copy-text.ts';

const CONFIRMATION_MS = 4000;

type InviteModalProps = { projectId: string; projectName: string; onClose: () => void };

/** spec §2 "Invite others": the project's link to send, shared natively or copied. */
export function InviteModal({ projectId, projectName, onClose }: InviteModalProps) {
  const link = useInviteLink(projectId);
  const isOnline = useIsOnline();
  return (
    <Modal title="Invite others" onClose={onClose}>
      {link.isPending && !isOnline ? (
        <OfflineNote />
      ) : link.isPending ? (
        <Loader label="Getting the link…" />
      ) : link.isError ? (
        <LinkFailure error={link.error} onRetry={() => void link.refetch()} onLeave={onClose} />
      ) : (
        <LinkPanel
          projectId={projectId}
          projectName={projectName}
          link={absoluteInviteLink(link.data.inviteLink)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function LinkFailure({
  error,
  onRetry,
  onLeave,
}: {
  error: Error;
  onRetry: () => void;
  onLeave: () => void;
}) {
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'SHARING_NOT_AVAILABLE') {
    return (
      <div className={styles.modalBlock}>
        <p className={styles.muted}>{errorMessage(error)}</p>
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onLeave}>
            Not now
          </Button>
          <Link
            to="/subscription?reason=sharing"
            className={buttonClassName({ variant: 'primary' })}
            onClick={onLeave}
          >
            See Premium
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.modalBlock} role="alert">
      {code === 'UNPARSABLE_RESPONSE' ? (
        <p className={styles.errorText}>Unparsable response, expecting inviteLink</p>
      ) : (
        <>
          <p className={styles.errorText}>Error fetching link, try again later.</p>
          <p className={styles.muted}>{errorMessage(error)}</p>
        </>
      )}
      <div className={styles.modalActions}>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

type LinkPanelProps = { projectId: string; projectName: string; link: string; onClose: () => void };

function LinkPanel({ projectId, projectName, link, onClose }: LinkPanelProps) {
  const inputId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [isConfirmingNew, setIsConfirmingNew] = useState(false);
  const regenerate = useRegenerateInviteLink(projectId);
  const addToast = useToastStore((state) => state.addToast);
  const isShare = canShareNatively();

  useEffect(() => {
    if (!confirmation) return;
    const timer = window.setTimeout(() => setConfirmation(null), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [confirmation]);

  const copy = async () => {
    try {
      await copyText(link, input.current);
      setConfirmation('Coppied to clipboard!');
    } catch (error) {
      console.warn('Could not copy the invite link', error);
      input.current?.select();
      addToast({
        message: 'Could not copy the link. It is selected: copy it yourself.',
        tone: 'danger',
      });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: `Join ${projectName} on Hustle`, url: link });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  };

  const makeNewLink = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setIsConfirmingNew(false);
        setConfirmation('New link ready. The old one no longer works.');
      },
      onError: (error) =>
        addToast({ message: `Could not make a new link. ${errorMessage(error)}`, tone: 'danger' }),
    });

  return (
    <div className={styles.modalBlock}>
      <p className={styles.muted}>
        Anyone with this link can join{' '}
        <strong className={`${styles.strong} ${styles.name}`}>{projectName}</strong> after logging
        in.
      </p>
      <div className={styles.linkField}>
        <label htmlFor={inputId} className={styles.linkLabel}>
          Send link to users:
        </label>
        <div className={styles.linkRow}>
          {/* A field that wraps, so the whole link shows, token and all: a one-line input cut
              it to its host at 1280 px (issue 28). */}
          <textarea
            ref={input}
            id={inputId}
            className={styles.linkInput}
            value={link}
            rows={2}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          {isShare ? (
            <Button variant="primary" onClick={() => void share()}>
              <ShareIcon />
              Share link
            </Button>
          ) : (
            <Button variant="primary" onClick={() => void copy()}>
              <CopyIcon />
              Copy to Clipboard
            </Button>
          )}
        </div>
        <p className={styles.confirmation} role="status">
          {confirmation}
        </p>
      </div>

      <MemberList projectId={projectId} />

      {isConfirmingNew ? (
        <div className={styles.newLinkConfirm}>
          <p>Make a new link? The current one stops working for anyone who has not joined yet.</p>
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={() => setIsConfirmingNew(false)}>
              Keep this link
            </Button>
            <Button isLoading={regenerate.isPending} onClick={makeNewLink}>
              Make new link
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.modalFooter}>
          <Button variant="ghost" onClick={() => setIsConfirmingNew(true)}>
            <RefreshIcon />
            New link
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      )}
    </div>
  );
}
