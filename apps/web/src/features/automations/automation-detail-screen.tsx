import type { Automation, AutomationRun } from '@hustle/shared/automations';
import { isoDateOf, localDateAt, parseIsoDate, periodOf } from '@hustle/shared/dates';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { browserTimeZone, formatLongDate, formatPeriod } from '../../ui/dates.ts';
import emptyState from '../../ui/empty-state.module.css';
import { PauseIcon, PencilIcon, PlayIcon, SkipIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useAutomationHistory } from './api/get-automation-history.ts';
import { useAutomations } from './api/get-automations.ts';
import { usePauseAutomation } from './api/pause-automation.ts';
import { useRetryAutomationRun } from './api/retry-automation-run.ts';
import { useSkipAutomationRun, useUnskipAutomationRun } from './api/skip-automation-run.ts';
import styles from './automations.module.css';
import { AutomationsSkeleton } from './components/automations-skeleton.tsx';
import { RunTaskLink } from './components/run-task-link.tsx';
import { StatusIcon } from './components/status-icon.tsx';
import { scheduleOf } from './model/schedule-text.ts';
import { STATUS_TEXT } from './model/status-text.ts';

const BACK = '/automation/configure';

function Missing({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  return (
    <div className={`${emptyState.note} ${styles.loadFailure}`}>
      <p>{isError ? 'Could not load this automation.' : 'This automation is no longer here.'}</p>
      {isError ? (
        <Button variant="ghost" onClick={onRetry}>
          Try again
        </Button>
      ) : (
        <Link to={BACK}>Back to your automations</Link>
      )}
    </div>
  );
}

/** One automation: its next run (with skip), its past periods (with retry), pause and edit. */
export function AutomationDetailScreen() {
  const { id = '' } = useParams();
  const automations = useAutomations();
  const automation = automations.data?.find((candidate) => candidate.id === id);

  return (
    <div className={styles.screen}>
      {automations.isPending ? (
        <>
          <PageHeader title="Automation" />
          <AutomationsSkeleton rows={3} />
        </>
      ) : automation ? (
        <Detail automation={automation} />
      ) : (
        <>
          <PageHeader title="Automation" />
          <Missing isError={automations.isError} onRetry={() => void automations.refetch()} />
        </>
      )}
      <footer className={styles.footer}>
        <Link to={BACK} className={buttonClassName({ variant: 'ghost' })}>
          Go Back
        </Link>
      </footer>
    </div>
  );
}

function Detail({ automation }: { automation: Automation }) {
  const history = useAutomationHistory(automation.id);
  const pause = usePauseAutomation();
  const skip = useSkipAutomationRun();
  const isPaused = automation.status === 'PAUSED';
  const nextRun = history.data?.nextRun ?? null;
  const skipLabel =
    automation.trigger.frequency === 'MONTHLY' &&
    nextRun?.period === periodOf(localDateAt(new Date(), browserTimeZone()))
      ? 'Skip this month'
      : 'Skip the next run';

  return (
    <>
      <PageHeader title={automation.name} subtitle={scheduleOf(automation)} />
      <div className={styles.headerActions}>
        <span className={isPaused ? styles.pausedBadge : styles.onBadge}>{automation.status}</span>
        <Button
          variant="secondary"
          onClick={() => pause.mutate({ automation, isPaused: !isPaused })}
          isLoading={pause.isPending}
        >
          {isPaused ? <PlayIcon /> : <PauseIcon />}
          {isPaused ? 'Resume' : 'Pause'}
        </Button>
        <Link
          to={`/automation/configure/${automation.id}/edit`}
          className={buttonClassName({ variant: 'secondary' })}
        >
          <PencilIcon />
          Edit
        </Link>
      </div>

      <section aria-labelledby="next-run" className={styles.nextRun}>
        <h2 id="next-run" className={styles.monthHeading}>
          Next run
        </h2>
        {history.isPending ? (
          <AutomationsSkeleton rows={1} />
        ) : history.isError ? null : isPaused || !nextRun ? (
          <p className={styles.nextRunText}>Paused. Resume it to run again.</p>
        ) : (
          <div className={styles.nextRunRow}>
            <p className={styles.nextRunText}>
              {formatLongDate(parseIsoDate(nextRun.date) ?? nextRun.date)}
            </p>
            <Button
              variant="ghost"
              onClick={() => skip.mutate({ automation, period: nextRun.period })}
              isLoading={skip.isPending}
            >
              <SkipIcon />
              {skipLabel}
            </Button>
          </div>
        )}
      </section>

      <section aria-labelledby="history">
        <h2 id="history" className={styles.monthHeading}>
          History
        </h2>
        {history.isPending ? (
          <AutomationsSkeleton rows={2} />
        ) : history.isError ? (
          <div className={`${emptyState.note} ${styles.loadFailure}`}>
            <p>Could not load the history.</p>
            <Button variant="ghost" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </div>
        ) : history.data.runs.length === 0 ? (
          <p className={emptyState.note}>No runs yet.</p>
        ) : (
          <ul className={styles.list} aria-labelledby="history">
            {history.data.runs.map((run) => (
              <RunRow key={run.period} automation={automation} run={run} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function RunRow({ automation, run }: { automation: Automation; run: AutomationRun }) {
  const retry = useRetryAutomationRun();
  const unskip = useUnskipAutomationRun();
  // A skip can be undone while its run is still to come (the server says the same).
  const today = isoDateOf(localDateAt(new Date(), browserTimeZone()));
  const canUndo = run.status === 'SKIPPED' && run.period >= today.slice(0, run.period.length);
  return (
    <li className={styles.row}>
      <StatusIcon status={run.status} />
      <span className={styles.rowText}>
        <span className={styles.rowName}>{formatPeriod(run.period)}</span>
        <span className={styles.rowMeta}>
          <RunTaskLink task={run.task} fallback={STATUS_TEXT[run.status].description} />
        </span>
      </span>
      {run.status === 'ERROR' ? (
        <Button
          variant="secondary"
          onClick={() =>
            retry.mutate({ id: automation.id, name: automation.name, period: run.period })
          }
          isLoading={retry.isPendingFor({ id: automation.id, period: run.period })}
          aria-label={`Retry ${formatPeriod(run.period)}`}
        >
          Retry
        </Button>
      ) : canUndo ? (
        <Button
          variant="ghost"
          onClick={() => unskip.mutate({ automation, period: run.period })}
          isLoading={unskip.isPending}
          aria-label={`Undo the skip of ${formatPeriod(run.period)}`}
        >
          Undo skip
        </Button>
      ) : (
        <span className={`${styles.statusPill} ${styles[`pill${run.status}`] ?? ''}`}>
          {STATUS_TEXT[run.status].label}
        </span>
      )}
    </li>
  );
}
