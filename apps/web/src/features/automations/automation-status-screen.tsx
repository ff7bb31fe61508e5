import type { AutomationStatusItem } from '@hustle/shared/automations';
import { localDateAt, nextScheduledDate, parseIsoDate } from '@hustle/shared/dates';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { browserTimeZone, formatLongDate, formatMonthName } from '../../ui/dates.ts';
import emptyState from '../../ui/empty-state.module.css';
import { BoltIcon, GearIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useAutomationStatus } from './api/get-automation-status.ts';
import { useAutomations } from './api/get-automations.ts';
import { useRetryAutomationRun } from './api/retry-automation-run.ts';
import styles from './automations.module.css';
import { AutomationsSkeleton } from './components/automations-skeleton.tsx';
import { RunTaskLink } from './components/run-task-link.tsx';
import { StatusIcon } from './components/status-icon.tsx';
import { STATUS_TEXT } from './model/status-text.ts';

/** spec §2 "Automation status screen" (/automation). */
export function AutomationStatusScreen() {
  const statuses = useAutomationStatus();
  const automations = useAutomations();
  const items = statuses.data ?? [];
  const triggerOf = new Map(automations.data?.map((item) => [item.id, item.trigger]));
  const today = localDateAt(new Date(), browserTimeZone());
  const retry = useRetryAutomationRun();
  /**
   * An idle automation says when it runs (a period that is a day, not a month, is that day); one
   * that made a task links to it; the others say what happened this period.
   */
  const metaOf = (item: AutomationStatusItem) => {
    const trigger = triggerOf.get(item.id);
    const day = item.period.length > 7 ? parseIsoDate(item.period) : null;
    if (item.status === 'IDLE' && (day || trigger)) {
      return `Runs on ${formatLongDate(day ?? nextScheduledDate(trigger!, today))}`;
    }
    return <RunTaskLink task={item.task} fallback={STATUS_TEXT[item.status].description} />;
  };
  const month = formatMonthName(
    items.find((item) => item.frequency === 'MONTHLY')?.period ?? new Date(),
  );

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Automation"
        subtitle="Your automations and how their current run went."
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
                {item.status === 'ERROR' ? (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      retry.mutate({ id: item.id, name: item.name, period: item.period })
                    }
                    isLoading={retry.isPendingFor(item)}
                    aria-label={`Retry ${item.name}`}
                  >
                    Retry
                  </Button>
                ) : (
                  <span
                    className={`${styles.statusPill} ${styles[`pill${item.status}`] ?? ''}`}
                    aria-hidden="true"
                  >
                    {STATUS_TEXT[item.status].label}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
