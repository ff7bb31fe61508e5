import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Change color
      </button>
      {isOpen && (
        <Modal title="Change color" onClose={() => setIsOpen(false)}>
          <button type="button">Orange</button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('takes focus, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Change color' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Change color' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('Orange');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Change color' }));

    await user.tab();
    expect(document.activeElement).toHaveAttribute('aria-label', 'Close dialog');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Orange');

    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes only the top one on Escape when one opens over another, and keeps Tab in it', async () => {
    const user = userEvent.setup();
    function Stacked() {
      const [isOuterOpen, setIsOuterOpen] = useState(true);
      const [isInnerOpen, setIsInnerOpen] = useState(false);
      return isOuterOpen ? (
        <Modal title="Garden" onClose={() => setIsOuterOpen(false)}>
          <button type="button" onClick={() => setIsInnerOpen(true)}>
            Set deadline
          </button>
          {isInnerOpen && (
            <Modal title="Deadline" onClose={() => setIsInnerOpen(false)}>
              <button type="button">Save</button>
            </Modal>
          )}
        </Modal>
      ) : null;
    }
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Set deadline' }));
    expect(screen.getByRole('dialog', { name: 'Deadline' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    // Tab cycles in the top dialog only: its Close button, its Save, and round again.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('dialog', { name: 'Deadline' })).toContainElement(
      document.activeElement as HTMLElement,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Deadline' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Garden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set deadline' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
