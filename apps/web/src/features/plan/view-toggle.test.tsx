import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useLayoutStore } from '../../stores/layout-store.ts';
import { ViewToggle } from './view-toggle.tsx';

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('ViewToggle', () => {
  it('starts in list view and keeps the choice in localStorage hustleView', async () => {
    const user = userEvent.setup();
    render(<ViewToggle />);
    expect(pressed('List view')).toBe('true');
    expect(pressed('Grid view')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(pressed('Grid view')).toBe('true');
    expect(localStorage.getItem('hustleView')).toBe('grid');

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(localStorage.getItem('hustleView')).toBe('list');
  });

  it('reads the kept view on load, and only grid or list', async () => {
    localStorage.setItem('hustleView', 'grid');
    const { useLayoutStore: freshStore } = await reloadLayoutStore();
    expect(freshStore.getState().view).toBe('grid');

    localStorage.setItem('hustleView', 'mosaic');
    expect((await reloadLayoutStore()).useLayoutStore.getState().view).toBe('list');
  });
});

/** The store reads localStorage once, when its module loads (spec §4 "on first load"). */
async function reloadLayoutStore() {
  vi.resetModules();
  const module = await import('../../stores/layout-store.ts');
  expect(module.useLayoutStore).not.toBe(useLayoutStore);
  return module;
}
