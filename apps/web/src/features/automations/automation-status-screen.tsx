import type { AutomationStatusItem } from '@hustle/shared/automations';
import { localDateAt, nextScheduledDate } from '@hustle/shared/dates';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { browserTimeZone, formatLongDate, formatMonthName } from '../../ui/dates.ts';
import emptyState from '../../ui/empty-state.module.css';
import { BoltIcon, GearIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useAutomationStatus } from './api/get-automation-status.ts';
import { useAutomations } from './api/get-automations.ts';
import styles from './automations.module.css';
import { AutomationsSkeleton } from './components/automations-skeleton.tsx';
import { StatusIcon } from './components/status-icon.tsx';
import { STATUS_TEXT } from './model/status-text.ts';

/** spec §2 "Automation status screen" (/automation). */
export function AutomationStatusScreen() {
  const statuses = useAutomationStatus();
  const automations = useAutomations();
  const items = statuses.data ?? [];
  const triggerOf = new Map(automations.data?.map((item) => [item.id, item.trigger]));
  const today = localDateAt(new Date(), browserTimeZone());
  /** An idle automation says when it runs; the others what happened this month. */
  const metaOf = (item: AutomationStatusItem) => {
    const trigger = triggerOf.get(item.id);
    return item.status === 'IDLE' && trigger !== undefined
      ? `Runs on ${formatLongDate(nextScheduledDate(trigger, today))}`
      : STATUS_TEXT[item.status].description;
  };
  const month = formatMonthName(items[0]?.period ?? new Date());

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Automation"
        subtitle="Your monthly automations and how this month went."
        actions={
          <Link
            to="/automation/configure"
            className={`${buttonClassName({ variant: 'ghost' })} ${styles.iconButton}`}
            aria-label="Configure automations"
            title="Configure automations"
          >
            <GearIcon />
          </Link>
        }
      />

      {statuses.isPending ? (
        <AutomationsSkeleton />
      ) : statuses.isError ? (
        // spec §8: the list stays empty; a way to ask again beats a silent blank.
        <div className={`${emptyState.note} ${styles.loadFailure}`}>
          <p>Could not load your automations.</p>
          <Button variant="ghost" onClick={() => void statuses.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className={emptyState.card}>
          <span className={styles.emptyMark} aria-hidden="true">
            <BoltIcon />
          </span>
          <h2 className={emptyState.title}>Automate your workflow</h2>
          <p className={emptyState.text}>
            Pay the rent, send the invoice, back up the laptop: pick a day of the month and Hustle
            puts the task on your Execute list, every month.
          </p>
          <Link
            to="/automation/configure/create"
            className={buttonClassName({ variant: 'primary', size: 'large' })}
          >
            Create your first automation
          </Link>
        </div>
      ) : (
        <section aria-labelledby="automation-month">
          <h2 id="automation-month" className={styles.monthHeading}>
            Month of {month}
          </h2>
          <ul className={styles.list} aria-labelledby="automation-month">
            {items.map((item) => (
              <li key={item.id} className={styles.row}>
                <StatusIcon status={item.status} />
                <span className={styles.rowText}>
                  <span className={styles.rowName}>{item.name}</span>
                  <span className={styles.rowMeta}>{metaOf(item)}</span>
                </span>
                <span
                  className={`${styles.statusPill} ${styles[`pill${item.status}`] ?? ''}`}
                  aria-hidden="true"
                >
                  {STATUS_TEXT[item.status].label}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
