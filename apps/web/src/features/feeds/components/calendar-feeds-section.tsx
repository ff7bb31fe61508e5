import type { CalendarFeed } from '@hustle/shared/feeds';
import { useState } from 'react';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { CopyField } from '../../../ui/copy-field.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { useCalendarFeeds, useOpenCalendarFeed, useRegenerateCalendarFeed } from '../api/feeds.ts';
import styles from '../feeds.module.css';

const ALL_TASKS = 'All your tasks';

/**
 * Calendar feeds on the account page (issue 32, decision 067): one for everything, one per
 * project the user sees, each an address to paste into a calendar app.
 */
export function CalendarFeedsSection() {
  const feeds = useCalendarFeeds();
  const projects = useWorkspace().data?.projects ?? [];
  return (
    <SettingsCard title="Calendar feeds">
      <p className={styles.muted}>
        See planned days, deadlines and automations in Google Calendar, Apple Calendar, Outlook or
        any app that subscribes to a calendar by its address. Anyone with an address can read that
        calendar, so keep it to yourself.
      </p>
      {feeds.isPending ? (
        <Loader label="Loading your calendar feeds…" />
      ) : feeds.isError ? (
        <LoadFailure
          what="Could not load your calendar feeds."
          error={feeds.error}
          onRetry={() => void feeds.refetch()}
        />
      ) : (
        <ul className={styles.list} aria-label="Your calendar feeds">
          <FeedRow name={ALL_TASKS} projectId={null} feeds={feeds.data} />
          {projects.map((project) => (
            <FeedRow
              key={project.id}
              name={project.name}
              projectId={project.id}
              feeds={feeds.data}
            />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function FeedRow({
  name,
  projectId,
  feeds,
}: {
  name: string;
  projectId: string | null;
  feeds: readonly CalendarFeed[];
}) {
  const feed = feeds.find((made) => made.projectId === projectId);
  const open = useOpenCalendarFeed(name);
  const regenerate = useRegenerateCalendarFeed(name);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <li className={styles.row}>
      <div className={styles.header}>
        <p className={styles.name}>{name}</p>
        {feed ? (
          <Button
            variant="ghost"
            onClick={() => setIsConfirming(true)}
            isLoading={regenerate.isPending}
            aria-label={`New address for ${name}`}
          >
            New address
          </Button>
        ) : (
          <Button
            onClick={() => open.mutate(projectId)}
            isLoading={open.isPending}
            aria-label={`Get the address of ${name}`}
          >
            Get address
          </Button>
        )}
      </div>
      {feed && (
        <CopyField value={feed.url} label={`Calendar address of ${name}`} what="the address" />
      )}
      {isConfirming && (
        <ConfirmDialog
          title={`New address for ${name}?`}
          confirmLabel="Make a new address"
          onConfirm={() => regenerate.mutate(projectId)}
          onClose={() => setIsConfirming(false)}
        >
          Calendar apps using the current address stop getting updates at once. Paste the new one
          where you want this calendar to keep showing.
        </ConfirmDialog>
      )}
    </li>
  );
}
