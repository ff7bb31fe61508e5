import { whenIdle } from './lazy-screen.ts';

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

/** Called once the first screen shows its content; the work waiting for it starts. */
export function firstScreenShown(): void {
  if (isFirstScreenShown) return;
  isFirstScreenShown = true;
  waiting.splice(0).forEach((work) => whenIdle(work));
}
