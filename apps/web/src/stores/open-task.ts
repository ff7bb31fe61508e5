import { useCallback, useEffect, useRef } from 'react';
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

/**
 * Opens a task's details; a sheet already open shows the other task in its place. The opener is
 * the same function for the page's life: the router hands out a new setter with each address,
 * and a list's rows that kept the old one would be drawn again on each visit of a task.
 */
export function useOpenTask(): (taskId: string) => void {
  const [, setSearchParams] = useSearchParams();
  const latest = useRef(setSearchParams);
  useEffect(() => {
    latest.current = setSearchParams;
  }, [setSearchParams]);
  return useCallback(
    (taskId: string) =>
      latest.current(
        (params) => {
          const next = new URLSearchParams(params);
          next.set(TASK_PARAM, taskId);
          return next;
        },
        { state: { isTaskOpenedHere: true } satisfies OpenedByRow },
      ),
    [],
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
