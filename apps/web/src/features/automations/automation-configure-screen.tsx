import { CLIENT_DEFAULT_ACCESS, hasReachedLimit } from '@hustle/shared/access';
import type { Automation } from '@hustle/shared/automations';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import emptyState from '../../ui/empty-state.module.css';
import {
  HistoryIcon,
  MoreIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  TrashIcon,
} from '../../ui/icons.tsx';
import { Menu, MenuItem, MenuLinkItem } from '../../ui/menu.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useWorkspace } from '../../sync/workspace/get-workspace.ts';
import { useDeleteAutomation } from './api/delete-automation.ts';
import { useAutomations } from './api/get-automations.ts';
import { usePauseAutomation } from './api/pause-automation.ts';
import styles from './automations.module.css';
import { scheduleOf } from './model/schedule-text.ts';
import { AutomationsSkeleton } from './components/automations-skeleton.tsx';
import iconButton from '../../ui/icon-button.module.css';

/** spec §2 "Configure screen" (/automation/configure). */
export function AutomationConfigureScreen() {
  const automations = useAutomations();
  const workspace = useWorkspace();
  const remove = useDeleteAutomation();
  const pause = usePauseAutomation();
  const [toDelete, setToDelete] = useState<Automation | null>(null);

  const list = automations.data ?? [];
  // spec §3: the client default holds until the server's access flags arrive.
  const access = workspace.data?.access ?? CLIENT_DEFAULT_ACCESS;
  const isAtLimit = automations.isSuccess && hasReachedLimit(access.automationsLimit, list.length);

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Configure automations"
        subtitle="Each one adds a task to your Execute list when its day comes."
      />

      {automations.isPending ? (
        <AutomationsSkeleton rows={2} />
      ) : automations.isError ? (
        <div className={`${emptyState.note} ${styles.loadFailure}`}>
          <p>Could not load your automations.</p>
          <Button variant="ghost" onClick={() => void automations.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className={emptyState.note}>No automations yet. Create one below.</p>
      ) : (
        <ul className={`${styles.list} ${styles.listWithMenus}`} aria-label="Automations">
          {list.map((automation) => (
            <li key={automation.id} className={styles.row}>
              <span className={styles.rowText}>
                <Link to={`/automation/configure/${automation.id}`} className={styles.rowLink}>
                  {automation.name}
                </Link>
                <span className={styles.rowMeta}>{scheduleOf(automation)}</span>
              </span>
              <span
                className={automation.status === 'ON' ? styles.onBadge : styles.pausedBadge}
                title={automation.status === 'ON' ? 'Runs on its days' : 'Paused: no runs'}
              >
                {automation.status}
              </span>
              <Menu
                title={automation.name}
                triggerClassName={iconButton.iconButton}
                trigger={
                  <>
                    <MoreIcon />
                    <span className="visually-hidden">{`More for ${automation.name}`}</span>
                  </>
                }
              >
                <MenuLinkItem
                  to={`/automation/configure/${automation.id}/edit`}
                  icon={<PencilIcon />}
                >
                  Edit
                </MenuLinkItem>
                <MenuItem
                  icon={automation.status === 'ON' ? <PauseIcon /> : <PlayIcon />}
                  onSelect={() =>
                    pause.mutate({ automation, isPaused: automation.status === 'ON' })
                  }
                >
                  {automation.status === 'ON' ? 'Pause' : 'Resume'}
                </MenuItem>
                <MenuLinkItem to={`/automation/configure/${automation.id}`} icon={<HistoryIcon />}>
                  History and next run
                </MenuLinkItem>
              </Menu>
              <button
                type="button"
                className={`${iconButton.iconButton} ${styles.deleteButton}`}
                aria-label={`Delete ${automation.name}`}
                title="Delete"
                onClick={() => setToDelete(automation)}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className={styles.newRow}>
        {isAtLimit ? (
          <>
            <Button disabled aria-describedby="automations-limit">
              + New automation
            </Button>
            <p id="automations-limit" className={styles.limit}>
              {`Your plan allows ${access.automationsLimit} automations. `}
              <Link to="/subscription?reason=automations">Upgrade to Premium</Link> for unlimited
              automations.
            </p>
          </>
        ) : (
          <Link
            to="/automation/configure/create"
            className={buttonClassName({ variant: 'secondary' })}
          >
            + New automation
          </Link>
        )}
      </div>

      <footer className={styles.footer}>
        <Link to="/automation" className={buttonClassName({ variant: 'ghost' })}>
          Go Back
        </Link>
        <Link to="/automation" className={buttonClassName({ variant: 'primary' })}>
          Done
        </Link>
      </footer>

      {toDelete && (
        <ConfirmDialog
          title="Delete Automation"
          confirmLabel="Delete"
          onClose={() => setToDelete(null)}
          onConfirm={() => remove.mutate(toDelete)}
        >
          {/* spec §2: the question in its words; what the automation added is not touched. */}
          <p>Are you sure you want to delete "{toDelete.name}"? This action cannot be undone.</p>
          <p>Tasks it already added stay on your lists.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
