import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: whether the first screen was shown is page-wide state. */
const load = async () => {
  vi.resetModules();
  return import('./after-first-screen.ts');
};

describe('work after the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until the first screen is shown, then runs once the browser is idle', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const work = vi.fn();
    afterFirstScreen(work);
    await vi.runAllTimersAsync();
    expect(work).not.toHaveBeenCalled();

    firstScreenShown();
    firstScreenShown();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs work asked for later when the browser is next idle', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    firstScreenShown();
    const work = vi.fn();
    afterFirstScreen(work);
    expect(work).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledOnce();
  });
});
