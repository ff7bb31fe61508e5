import type { QuickAdd } from '@hustle/shared/quick-add/quick-add-parts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  aProject,
  aSession,
  aWorkspace,
  signedInQueryClient,
} from '../../../test/workspace-fixture.tsx';
import { AddTaskControl } from './add-task-control.tsx';

const QUESTION =
  'Would you like to create a task for every new line (3). You can also add one task with a long name.';

function setup(props: Partial<Parameters<typeof AddTaskControl>[0]> = {}) {
  const user = userEvent.setup();
  const onAdd = vi.fn<(names: string[], quick?: QuickAdd) => void | Promise<unknown>>();
  const onCancel = vi.fn();
  const queryClient = signedInQueryClient(
    aSession({ featureFlags: ['automation'] }),
    aWorkspace({ projects: [aProject('p-home', 'Home')] }),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AddTaskControl onAdd={onAdd} onCancel={onCancel} {...props} />
    </QueryClientProvider>,
  );
  const field = screen.getByRole<HTMLTextAreaElement>('textbox', {
    name: props.label ?? 'New task',
  });
  return { user, onAdd: (props.onAdd as typeof onAdd | undefined) ?? onAdd, onCancel, field };
}

describe('AddTaskControl', () => {
  it('adds the trimmed text on Enter, clears the field and keeps focus', async () => {
    const { user, onAdd, field } = setup();
    expect(field).toHaveAttribute('placeholder', 'Add task...');

    await user.click(field);
    await user.keyboard('  Buy milk  {Enter}');

    expect(onAdd).toHaveBeenCalledWith(['Buy milk']);
    expect(field.value).toBe('');
    expect(field).toHaveFocus();

    await user.keyboard('Call mum{Enter}');
    expect(onAdd).toHaveBeenLastCalledWith(['Call mum']);
  });

  it('starts a new line on Shift+Enter instead of adding', async () => {
    const { user, onAdd, field } = setup();
    await user.click(field);
    await user.keyboard('One{Shift>}{Enter}{/Shift}Two');
    expect(field.value).toBe('One\nTwo');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('ignores text ending in a newline and blank text', async () => {
    const { user, onAdd, field } = setup();
    await user.click(field);
    await user.keyboard('Buy milk{Shift>}{Enter}{/Shift}{Enter}');
    expect(field.value).toBe('Buy milk\n');

    await user.clear(field);
    await user.keyboard('   {Enter}');
    await user.click(screen.queryByRole('button', { name: 'Add' }) ?? field);

    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('asks about several lines and adds a task per line', async () => {
    const { user, onAdd, field } = setup();
    await user.click(field);
    await user.paste('Eggs\n\n  Flour \nSugar');
    await user.keyboard('{Enter}');

    expect(screen.getByText(QUESTION)).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Add 3 tasks' }));
    expect(onAdd).toHaveBeenCalledWith(['Eggs', 'Flour', 'Sugar']);
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
    expect(field.value).toBe('');
    expect(field).toHaveFocus();
  });

  it('adds one task with the lines joined by a space when asked to', async () => {
    const { user, onAdd, field } = setup();
    await user.click(field);
    await user.paste('Eggs\nFlour\nSugar');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Just one task' }));

    expect(onAdd).toHaveBeenCalledWith(['Eggs Flour Sugar']);
  });

  it('submits the pending choice on Enter: "Add N tasks" by default, or the one chosen', async () => {
    const { user, onAdd, field } = setup();
    await user.click(field);
    await user.paste('Eggs\nFlour\nSugar');
    await user.keyboard('{Enter}{Enter}');
    expect(onAdd).toHaveBeenLastCalledWith(['Eggs', 'Flour', 'Sugar']);

    await user.paste('Eggs\nFlour\nSugar');
    await user.keyboard('{Enter}');
    await user.hover(screen.getByRole('button', { name: 'Just one task' }));
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenLastCalledWith(['Eggs Flour Sugar']);
  });

  it('backs out of the question on Escape, then clears and cancels', async () => {
    const { user, onAdd, onCancel, field } = setup();
    await user.click(field);
    await user.paste('Eggs\nFlour\nSugar');
    await user.keyboard('{Enter}{Escape}');

    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
    expect(field.value).toBe('Eggs\nFlour\nSugar');
    expect(onCancel).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(field.value).toBe('');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('drops the question when the text changes', async () => {
    const { user, field } = setup();
    await user.click(field);
    await user.paste('Eggs\nFlour\nSugar');
    await user.keyboard('{Enter}');
    await user.keyboard('!');
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
    expect(field.value).toBe('Eggs\nFlour\nSugar!');
  });

  it('cancels on blur, but not while a choice is pending', async () => {
    const { user, onCancel, field } = setup();
    await user.click(field);
    await user.paste('Eggs\nFlour\nSugar');
    await user.keyboard('{Enter}');
    await user.click(document.body);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByText(QUESTION)).toBeInTheDocument();

    await user.click(field);
    await user.keyboard('!');
    await user.click(document.body);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('holds at most 2048 characters', async () => {
    const { user, field } = setup();
    await user.click(field);
    await user.paste('x'.repeat(2100));
    expect(field.value).toHaveLength(2048);
    expect(field.maxLength).toBe(2048);
  });

  it('puts the text back when adding fails', async () => {
    const onAdd = vi.fn(() => Promise.reject(new Error('offline')));
    const { user, field } = setup({ onAdd });
    await user.click(field);
    await user.keyboard('Buy milk{Enter}');

    expect(onAdd).toHaveBeenCalledWith(['Buy milk']);
    await waitFor(() => expect(field.value).toBe('Buy milk'));
  });

  it('keeps newly typed text when an earlier add fails', async () => {
    let fail: (error: Error) => void = () => {};
    const onAdd = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    const { user, field } = setup({ onAdd });
    await user.click(field);
    await user.keyboard('First{Enter}Second');
    fail(new Error('offline'));

    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(field.value).toBe('Second');
  });

  it('takes focus when asked to and uses the given placeholder and label', () => {
    const { field } = setup({ autoFocus: true, placeholder: 'New task', label: 'Task in Work' });
    expect(field).toHaveAttribute('placeholder', 'New task');
    expect(field).toHaveFocus();
  });

  describe('quick add', () => {
    it('shows what it understood as chips and adds the name without those words', async () => {
      const { user, onAdd, field } = setup();
      await user.click(field);
      await user.keyboard('Call Anna tomorrow #ho');

      const chips = await screen.findByRole('list', { name: 'Understood from the text' });
      expect(chips).toHaveTextContent('Tomorrow');
      expect(chips).toHaveTextContent('Home');
      expect(field).toHaveAccessibleDescription(
        expect.stringMatching(
          /^Enter adds “Call Anna”: planned for Tomorrow, .*; in project Home\.$/,
        ),
      );

      await user.keyboard('{Enter}');
      expect(onAdd).toHaveBeenCalledWith(
        ['Call Anna'],
        expect.objectContaining({ project: { id: 'p-home' }, day: expect.any(String) }),
      );
      expect(screen.queryByRole('list', { name: 'Understood from the text' })).toBeNull();
    });

    it('takes a chip back with its × or Backspace, keeping its words in the name', async () => {
      const { user, onAdd, field } = setup();
      await user.click(field);
      await user.keyboard('Water plants every monday #home');
      await user.click(await screen.findByRole('button', { name: 'Remove: repeats every monday' }));
      expect(field).toHaveFocus();
      // With no repeat, #home puts the task in the project: its chip shows now.
      const remove = await screen.findByRole('button', { name: 'Remove: in project Home' });
      remove.focus();
      await user.keyboard('{Backspace}');
      expect(screen.queryByRole('list', { name: 'Understood from the text' })).toBeNull();

      await user.click(field);
      await user.keyboard('{Enter}');
      expect(onAdd).toHaveBeenCalledWith(['Water plants every monday #home']);
    });

    it('asks for a name when the text is only a day, and adds nothing', async () => {
      const { user, onAdd, field } = setup();
      await user.click(field);
      await user.keyboard('tomorrow');
      expect(await screen.findByText('Type a name for the task too.')).toBeVisible();
      await user.keyboard('{Enter}');
      expect(onAdd).not.toHaveBeenCalled();
      expect(field.value).toBe('tomorrow');
    });

    it('says when a repeat cannot be done, and adds the text as typed', async () => {
      const { user, onAdd, field } = setup();
      await user.click(field);
      await user.keyboard('Check every morning');
      expect(
        await screen.findByText(
          'This repeat isn’t supported yet: “every morning” stays in the name',
        ),
      ).toBeVisible();
      await user.keyboard('{Enter}');
      expect(onAdd).toHaveBeenCalledWith(
        ['Check every morning'],
        expect.objectContaining({ trigger: null }),
      );
    });
  });
});
