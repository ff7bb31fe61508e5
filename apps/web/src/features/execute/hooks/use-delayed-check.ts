import { TIMINGS } from '@hustle/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

export type CheckAction = 'complete' | 'revert';

interface DelayedCheckOptions {
  isDone: boolean;
  /** Sends the change; it settles when the server answered (and rejects when it failed). */
  commit: (action: CheckAction) => Promise<unknown>;
  /** Runs at once when a task is checked (the success sound). */
  onCheck?: () => void;
  delayMs?: number;
}

interface Scheduled {
  timer: ReturnType<typeof setTimeout>;
  fire: () => void;
}

/**
 * spec §4 "Check animation": checking fills the box at once and sends the call after 500 ms;
 * unchecking shows the change after 500 ms (when the call's optimistic update lands). A second
 * click inside the window takes the click back. If the call fails the row shows its real state
 * again (the workspace itself is rolled back by the mutation).
 */
export function useDelayedCheck({
  isDone,
  commit,
  onCheck,
  delayMs = TIMINGS.checkAnimationMs,
}: DelayedCheckOptions) {
  const [pending, setPending] = useState<CheckAction | null>(null);
  const scheduled = useRef<Scheduled | null>(null);
  const isInFlight = useRef(false);

  // A row that leaves the screen inside the window (navigation, list change) still sends the
  // change the user asked for rather than silently dropping it.
  useEffect(
    () => () => {
      const current = scheduled.current;
      if (!current) return;
      clearTimeout(current.timer);
      current.fire();
    },
    [],
  );

  const toggle = useCallback(() => {
    if (scheduled.current) {
      clearTimeout(scheduled.current.timer);
      scheduled.current = null;
      setPending(null);
      return;
    }
    if (isInFlight.current) return;
    const action: CheckAction = isDone ? 'revert' : 'complete';
    if (action === 'complete') onCheck?.();
    setPending(action);
    const fire = () => {
      scheduled.current = null;
      isInFlight.current = true;
      const settle = () => {
        isInFlight.current = false;
        setPending(null);
      };
      commit(action).then(settle, settle);
    };
    scheduled.current = { timer: setTimeout(fire, delayMs), fire };
  }, [commit, delayMs, isDone, onCheck]);

  return {
    /** What the box shows: checked at once on complete, the real state otherwise. */
    isChecked: pending === 'complete' ? true : isDone,
    /** A change is waiting for its window to pass or for the server. */
    pending,
    toggle,
  };
}
