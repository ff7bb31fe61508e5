let isFirstScreenShown = false;
const waiting: (() => void)[] = [];

/**
 * Runs `work` when the browser is idle after the visit's first screen shows what it opened for
 * (on Plan and Execute, the workspace). What that screen does not need — the other screen's
 * script, the offline worker — then stays off the network while the screen's own requests and
 * its first render are under way (decision 038).
 */
export function afterFirstScreen(work: () => void): void {
  if (isFirstScreenShown) whenIdle(work);
  else waiting.push(work);
}

/**
 * Called once the first screen shows its content (the workspace gate of Plan and Execute, on
 * its first render with the workspace or its error; the app for other screens); the work
 * waiting for it starts.
 */
export function firstScreenShown(): void {
  if (isFirstScreenShown) return;
  isFirstScreenShown = true;
  waiting.splice(0).forEach((work) => whenIdle(work));
}

/** Runs `work` when the browser is idle, or soon where it cannot tell. */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(work, { timeout: 2000 });
  } else {
    window.setTimeout(work, 500);
  }
}
