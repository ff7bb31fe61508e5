import {
  createContext,
  use,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import styles from './menu.module.css';

const CloseMenuContext = createContext<() => void>(() => {});

type MenuProps = {
  /** Names the open menu and is shown at its top. */
  title: string;
  /** Content of the button that opens the menu; its text is the button's accessible name. */
  trigger: ReactNode;
  triggerClassName?: string;
  align?: 'start' | 'end';
  children: ReactNode;
};

const itemsOf = (menu: HTMLElement | null) =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];

/** A dropdown menu button following the WAI-ARIA menu button pattern. */
export function Menu({ title, trigger, triggerClassName, align = 'end', children }: MenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const closeAndReturnFocus = () => {
    setIsOpen(false);
    triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!isOpen) return;
    itemsOf(menuRef.current)[0]?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [isOpen]);

  const handleTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
    }
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(menuRef.current);
    const current = items.findIndex((item) => item === document.activeElement);
    const focusAt = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return focusAt(current + 1);
      case 'ArrowUp':
        return focusAt(current - 1);
      case 'Home':
        return focusAt(0);
      case 'End':
        return focusAt(items.length - 1);
      case 'Escape':
        event.preventDefault();
        return closeAndReturnFocus();
      case 'Tab':
        return setIsOpen(false);
      case ' ':
        // Links do not react to Space on their own; menu items must.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
    }
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={handleTriggerKeyDown}
      >
        {trigger}
      </button>
      {isOpen && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={title}
          className={`${styles.popup} ${styles[align]}`}
          onKeyDown={handleMenuKeyDown}
        >
          <div className={styles.title} aria-hidden="true">
            {title}
          </div>
          <CloseMenuContext value={closeAndReturnFocus}>{children}</CloseMenuContext>
        </div>
      )}
    </div>
  );
}

type MenuItemProps = { icon?: ReactNode; onSelect: () => void; children: ReactNode };

export function MenuItem({ icon, onSelect, children }: MenuItemProps) {
  const close = use(CloseMenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={styles.item}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {icon}
      {children}
    </button>
  );
}

type MenuLinkItemProps = { icon?: ReactNode; to: string; children: ReactNode };

export function MenuLinkItem({ icon, to, children }: MenuLinkItemProps) {
  const close = use(CloseMenuContext);
  return (
    <Link role="menuitem" tabIndex={-1} className={styles.item} to={to} onClick={close}>
      {icon}
      {children}
    </Link>
  );
}

export function MenuSeparator() {
  return <div role="separator" className={styles.separator} />;
}
