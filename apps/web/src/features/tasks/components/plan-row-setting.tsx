import { createContext, use, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../api/session.ts';
import { useOpenTask } from '../../../stores/open-task.ts';
import { useWorkspaceTimeZone, useWorkspaceToday } from '../../../sync/workspace/get-workspace.ts';

/** What every Plan row needs from the stores and the address, read once for all of them. */
export interface PlanRowSetting {
  today: string;
  timeZone: string;
  hasAutomation: boolean;
  openTask: (taskId: string) => void;
  navigate: (path: string) => void;
}

const PlanRowSettingContext = createContext<PlanRowSetting | null>(null);

/** The setting of the rows inside it, or null outside one. */
export const usePlanRowSetting = (): PlanRowSetting | null => use(PlanRowSettingContext);

/**
 * Reads the rows' setting once for a whole screen (issue 30's render budgets): each of hundreds
 * of rows reading the session, the workspace, today and the address for itself cost more than
 * the row. The opener and navigation stay the same across addresses, so a visit of a task draws
 * no row again; the value changes with the day, the time zone or the automation flag.
 */
export function PlanRowSettingProvider({ children }: { children: ReactNode }) {
  const today = useWorkspaceToday();
  const timeZone = useWorkspaceTimeZone();
  const hasAutomation = useSession().data?.featureFlags.includes('automation') ?? false;
  const openTask = useOpenTask();
  // The router gives a new `navigate` with each address: the rows keep one that calls the latest.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  }, [navigate]);
  const setting = useMemo<PlanRowSetting>(
    () => ({
      today,
      timeZone,
      hasAutomation,
      openTask,
      navigate: (path) => void latestNavigate.current(path),
    }),
    [today, timeZone, hasAutomation, openTask],
  );
  return <PlanRowSettingContext value={setting}>{children}</PlanRowSettingContext>;
}
