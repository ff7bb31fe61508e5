import { render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, lazyScreen, withTimeout } from './lazy-screen.ts';

describe('screen loading', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 120 seconds with a clear message', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const loading = withTimeout(never, CHUNK_TIMEOUT_MS);
    const assertion = expect(loading).rejects.toThrow(/took too long/);
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await assertion;
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a loaded module through', async () => {
    await expect(withTimeout(Promise.resolve('screen'), 1000)).resolves.toBe('screen');
  });

  it('downloads a screen once, however often it is preloaded before it renders', async () => {
    const Loaded = () => createElement('h1', null, 'Execute');
    const load = vi.fn(async () => Loaded);
    const Screen = lazyScreen(load);

    Screen.preload();
    Screen.preload();
    render(createElement(Suspense, { fallback: 'Loading…' }, createElement(Screen)));

    expect((await screen.findByRole('heading')).textContent).toBe('Execute');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
