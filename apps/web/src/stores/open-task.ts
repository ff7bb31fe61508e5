import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The task open in the details sheet is the page's `?task=<id>` (issue 31): a link opens it (the
 * automation status rows link so, decision 026), and opening it from a row adds a history entry,
 * so the back gesture closes it.
 */
const TASK_PARAM = 'task';

interface OpenedByRow {
  isTaskOpenedHere?: boolean;
}

/** Opens a task's details; a sheet already open shows the other task in its place. */
export function useOpenTask(): (taskId: string) => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (taskId: string) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set(TASK_PARAM, taskId);
          return next;
        },
        { state: { isTaskOpenedHere: true } satisfies OpenedByRow },
      ),
    [setSearchParams],
  );
}

/** The task the sheet shows, and how to close it: back where the app opened it, else in place. */
export function useOpenedTask(): {
  taskId: string | null;
  isOpenedHere: boolean;
  close: () => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const taskId = searchParams.get(TASK_PARAM);
  const isOpenedHere = (location.state as OpenedByRow | null)?.isTaskOpenedHere === true;
  const close = useCallback(() => {
    if (isOpenedHere) {
      void navigate(-1);
      return;
    }
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(TASK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [isOpenedHere, navigate, setSearchParams]);
  return { taskId, isOpenedHere, close };
}
