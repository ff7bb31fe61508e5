import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useOpenTask } from '../../stores/open-task.ts';
import { useRefreshWhenVisible } from '../../sync/live/use-refresh-when-visible.ts';
import {
  useWorkspaceId,
  useWorkspaceToday,
  workspaceQuery,
} from '../../sync/workspace/get-workspace.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { useLogbookDays } from './api/get-logbook.ts';
import { LogbookDays } from './components/logbook-days.tsx';
import { LogbookWeek } from './components/logbook-week.tsx';
import styles from './logbook-screen.module.css';

type View = 'days' | 'week';
const VIEWS = [
  { value: 'days', label: 'Days' },
  { value: 'week', label: 'Week' },
] as const;

/**
 * Issue 30 item 4 (/logbook, the `4` key): what was done. The view and the week shown are in the
 * address (`?view=week&week=2026-11-16`), so back and reload keep them.
 */
export function LogbookScreen() {
  const workspaceId = useWorkspaceId();
  useRefreshWhenVisible(workspaceId);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'week' ? 'week' : 'days';
  const week = params.get('week') ?? undefined;
  const today = useWorkspaceToday();
  const { data: timeZone = 'UTC' } = useQuery({
    ...workspaceQuery(workspaceId),
    select: (workspace) => workspace.days.timeZone,
  });
  const logbook = useLogbookDays({ isEnabled: view === 'days' });
  const openTask = useOpenTask();

  const change = (values: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Logbook"
        subtitle="Everything you completed, day by day."
        actions={
          <SegmentedControl
            label="Logbook view"
            options={VIEWS}
            value={view}
            onChange={(next) =>
              change({ view: next === 'week' ? 'week' : undefined, week: undefined })
            }
          />
        }
      />
      {view === 'week' ? (
        <LogbookWeek day={week} today={today} onWeek={(day) => change({ week: day })} />
      ) : (
        <LogbookDays logbook={logbook} today={today} timeZone={timeZone} onOpen={openTask} />
      )}
    </div>
  );
}
