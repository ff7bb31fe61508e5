import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddTaskControl } from './add-task-control.tsx';

const QUESTION =
  'Would you like to create a task for every new line (3). You can also add one task with a long name.';

function setup(props: Partial<Parameters<typeof AddTaskControl>[0]> = {}) {
  const user = userEvent.setup();
  const onAdd = vi.fn<(names: string[]) => void | Promise<unknown>>();
  const onCancel = vi.fn();
  render(<AddTaskControl onAdd={onAdd} onCancel={onCancel} {...props} />);
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
    render(
      <AddTaskControl onAdd={() => {}} autoFocus placeholder="New task" label="Task in Work" />,
    );
    const field = screen.getByRole('textbox', { name: 'Task in Work' });
    expect(field).toHaveAttribute('placeholder', 'New task');
    expect(field).toHaveFocus();
  });
});
