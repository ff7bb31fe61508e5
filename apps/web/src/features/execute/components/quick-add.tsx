import type { QuickAdd as QuickAddReading } from '@hustle/shared/quick-add/quick-add-parts';
import { useEffect, useRef, useState } from 'react';
import { buttonClassName } from '../../../ui/button.tsx';
import { PlusIcon } from '../../../ui/icons.tsx';
import { AddTaskControl } from '../../tasks/components/add-task-control.tsx';
import styles from './quick-add.module.css';

type QuickAddProps = {
  /** Creates the tasks, planned, in the order given; rejects if any could not be created. */
  onAdd: (names: string[], quick?: QuickAddReading) => Promise<void>;
};

/**
 * spec §2 Execute: '+ Quick Add' opens the add-task input ('Add task...'), focused. It stays open
 * for the next task until Escape (focus goes back to the button) or leaving the field closes it.
 */
export function QuickAdd({ onAdd }: QuickAddProps) {
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isEscapeDown = useRef(false);
  const shouldFocusTrigger = useRef(false);

  useEffect(() => {
    if (isOpen || !shouldFocusTrigger.current) return;
    shouldFocusTrigger.current = false;
    triggerRef.current?.focus();
  }, [isOpen]);

  if (!isOpen) {
    return (
      <button
        ref={triggerRef}
        type="button"
        className={`${buttonClassName({ variant: 'ghost', fullWidth: true })} ${styles.trigger}`}
        onClick={() => setIsOpen(true)}
      >
        <PlusIcon />
        {/* The icon draws the plus; the hidden one keeps the spec's '+ Quick Add' as the name. */}
        <span className="visually-hidden">+ </span>
        Quick Add
      </button>
    );
  }

  return (
    <div
      className={styles.control}
      onKeyDownCapture={(event) => {
        if (event.key !== 'Escape') return;
        // Tells a close by Escape (focus returns to the button) from a close by leaving the field.
        isEscapeDown.current = true;
        setTimeout(() => (isEscapeDown.current = false));
      }}
    >
      <AddTaskControl
        label="Quick Add"
        placeholder="Add task..."
        autoFocus
        onAdd={onAdd}
        onCancel={() => {
          shouldFocusTrigger.current = isEscapeDown.current;
          setIsOpen(false);
        }}
      />
    </div>
  );
}
