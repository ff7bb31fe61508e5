import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons.tsx';
import styles from './modal.module.css';
import iconButton from './icon-button.module.css';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * Text only, nothing to focus in it (the shortcut sheet): its body then takes focus itself, so
   * the keyboard can scroll it when it is longer than the screen.
   */
  isTextOnly?: boolean;
};

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex="0"]';

const ModalBodyContext = createContext<HTMLElement | null>(null);

/**
 * The element a modal's content scrolls in, once rendered (null outside a modal): long lists in
 * it render the rows near its view and load more as its end comes near (decision 035).
 */
export const useModalBody = () => useContext(ModalBodyContext);

/**
 * The modals open, oldest first. One may open over another (a deadline over a project's modal):
 * the keys are the top one's, so Escape closes only it and Tab stays in it.
 */
const openModals: { readonly current: HTMLElement | null }[] = [];

/** The open modal in front of the others, or null when none is open. */
export const topModal = (): HTMLElement | null => openModals.at(-1)?.current ?? null;

/** Rendered while open; spec §2: Escape closes modals. */
export function Modal({ title, onClose, children, isTextOnly = false }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const attachBody = useCallback((element: HTMLDivElement | null) => {
    bodyRef.current = element;
    setBody(element);
  }, []);
  const titleId = useId();
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement;
    const dialog = dialogRef.current;
    const firstInBody = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (firstInBody ?? dialog)?.focus();

    const self = dialogRef;
    openModals.push(self);
    const handleKeyDown = (event: KeyboardEvent) => {
      if (openModals.at(-1) !== self) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab' && dialog) {
        keepFocusInside(dialog, event);
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      openModals.splice(openModals.indexOf(self), 1);
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className={styles.backdrop}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={`${iconButton.iconButton} ${styles.close}`}
            aria-label="Close dialog"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div
          ref={attachBody}
          className={styles.body}
          {...(isTextOnly ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        >
          <ModalBodyContext.Provider value={body}>{children}</ModalBodyContext.Provider>
        </div>
      </div>
    </div>,
    document.body,
  );
}

function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
