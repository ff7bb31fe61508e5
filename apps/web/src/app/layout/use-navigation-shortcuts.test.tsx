import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render-app.tsx';
import { useNavigationShortcuts } from './use-navigation-shortcuts.ts';

function Harness() {
  useNavigationShortcuts();
  return (
    <>
      <input aria-label="Task name" />
      <textarea aria-label="Notes" />
      <div aria-label="Editor" contentEditable suppressContentEditableWarning tabIndex={0} />
      <input type="checkbox" aria-label="Done" />
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('navigation shortcuts', () => {
  it('goes to /plan on 1 and to /execute on 2', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />, { route: '/execute' });

    await user.keyboard('1');
    expect(location()).toBe('/plan');
    await user.keyboard('2');
    expect(location()).toBe('/execute');
  });

  it('ignores the keys while typing in a field', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />, { route: '/execute' });

    await user.type(screen.getByLabelText('Task name'), '1');
    await user.type(screen.getByLabelText('Notes'), '1');
    await user.click(screen.getByLabelText('Editor'));
    await user.keyboard('1');

    expect(location()).toBe('/execute');
    expect(screen.getByLabelText<HTMLInputElement>('Task name').value).toBe('1');
  });

  it('still works while a checkbox has focus', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />, { route: '/execute' });

    screen.getByLabelText('Done').focus();
    await user.keyboard('1');

    expect(location()).toBe('/plan');
  });

  it('ignores the keys when a modifier is held', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />, { route: '/execute' });

    await user.keyboard('{Control>}1{/Control}{Meta>}1{/Meta}{Alt>}1{/Alt}');

    expect(location()).toBe('/execute');
  });
});
