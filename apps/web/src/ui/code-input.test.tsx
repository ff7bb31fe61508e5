import { normalizeLoginCode } from '@hustle/shared/auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input.tsx';

type HarnessProps = Omit<ComponentProps<typeof CodeInput>, 'value' | 'onChange'> & {
  initialValue?: string;
};

function Harness({ initialValue = '', ...props }: HarnessProps) {
  const [value, setValue] = useState(initialValue);
  return <CodeInput {...props} value={value} onChange={setValue} />;
}

const box = (position: number, of = 5) =>
  screen.getByLabelText<HTMLInputElement>(`Character ${position} of ${of}`);
const boxValues = () =>
  screen.getAllByRole<HTMLInputElement>('textbox').map((input) => input.value);

describe('CodeInput', () => {
  it('has five single-digit boxes by default and fills them in order as digits are typed', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);

    expect(screen.getAllByRole('textbox')).toHaveLength(5);
    await user.click(box(1));
    await user.keyboard('1234');
    expect(boxValues()).toEqual(['1', '2', '3', '4', '']);
    expect(box(5)).toBe(document.activeElement);
    expect(onComplete).not.toHaveBeenCalled();

    await user.keyboard('5');
    expect(onComplete).toHaveBeenCalledWith('12345');
  });

  it('reverts a box when the typed character does not match the pattern', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1).value).toBe('');
    expect(box(1)).toBe(document.activeElement);

    await user.keyboard('7');
    expect(boxValues()).toEqual(['7', '', '', '', '']);
  });

  it('overwrites a filled box when typing into it', async () => {
    const user = userEvent.setup();
    render(<Harness initialValue="123" />);

    await user.click(box(2));
    await user.keyboard('9');
    expect(boxValues()).toEqual(['1', '9', '3', '', '']);
    expect(box(3)).toBe(document.activeElement);
  });

  it('pastes in order and stops at the first character that does not match', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(box(1));
    await user.paste('12a45');
    expect(boxValues()).toEqual(['1', '2', '', '', '']);
    expect(box(3)).toBe(document.activeElement);
  });

  it('cuts a paste to the number of boxes and completes', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);

    await user.click(box(1));
    await user.paste('1234567');
    expect(boxValues()).toEqual(['1', '2', '3', '4', '5']);
    expect(onComplete).toHaveBeenCalledWith('12345');
  });

  it('applies normalize to typed and pasted text, so a login code is uppercased', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(
      <Harness
        length={6}
        pattern={/^[A-Za-z0-9]$/}
        normalize={normalizeLoginCode}
        onComplete={onComplete}
      />,
    );

    await user.click(box(1, 6));
    await user.keyboard('x');
    expect(box(1, 6).value).toBe('X');

    await user.click(box(1, 6));
    await user.paste('ab-12 3c');
    expect(boxValues()).toEqual(['A', 'B', '1', '2', '3', 'C']);
    expect(onComplete).toHaveBeenCalledWith('AB123C');
  });

  it('moves between boxes with the arrow keys and Space, never past the first empty box', async () => {
    const user = userEvent.setup();
    render(<Harness initialValue="123" />);

    await user.click(box(4));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(2)).toBe(document.activeElement);
    await user.keyboard('{ArrowRight}');
    expect(box(3)).toBe(document.activeElement);
    await user.keyboard(' ');
    expect(box(4)).toBe(document.activeElement);
    await user.keyboard(' {ArrowRight}');
    expect(box(4)).toBe(document.activeElement);
    expect(boxValues()).toEqual(['1', '2', '3', '', '']);
  });

  it('sends focus to the first empty box when a later box is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness initialValue="1" />);

    await user.click(box(5));
    expect(box(2)).toBe(document.activeElement);
  });

  it('deletes with Backspace and walks back one box at a time', async () => {
    const user = userEvent.setup();
    render(<Harness initialValue="123" />);

    await user.click(box(4));
    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['1', '2', '', '', '']);
    expect(box(3)).toBe(document.activeElement);

    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['1', '', '', '', '']);
    expect(box(2)).toBe(document.activeElement);

    await user.click(box(1));
    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['', '', '', '', '']);
    expect(box(1)).toBe(document.activeElement);
  });

  it('masks the boxes and focuses the first one when asked to', () => {
    const { container } = render(<Harness masked autoFocus />);

    const inputs = container.querySelectorAll('input');
    expect([...inputs].every((input) => input.type === 'password')).toBe(true);
    expect(inputs[0]).toBe(document.activeElement);
  });
});
