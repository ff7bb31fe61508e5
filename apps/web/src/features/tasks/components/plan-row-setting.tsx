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
 * the row. The opener and navigation are read when used, so a visit of a task (a new address)
 * draws no row again; the value changes with the day, the time zone or the automation flag.
 */
export function PlanRowSettingProvider({ children }: { children: ReactNode }) {
  const today = useWorkspaceToday();
  const timeZone = useWorkspaceTimeZone();
  const hasAutomation = useSession().data?.featureFlags.includes('automation') ?? false;
  const openTask = useOpenTask();
  const navigate = useNavigate();
  const latest = useRef({ openTask, navigate });
  useEffect(() => {
    latest.current = { openTask, navigate };
  }, [openTask, navigate]);
  const setting = useMemo<PlanRowSetting>(
    () => ({
      today,
      timeZone,
      hasAutomation,
      openTask: (taskId) => latest.current.openTask(taskId),
      navigate: (path) => void latest.current.navigate(path),
    }),
    [today, timeZone, hasAutomation],
  );
  return <PlanRowSettingContext value={setting}>{children}</PlanRowSettingContext>;
}
