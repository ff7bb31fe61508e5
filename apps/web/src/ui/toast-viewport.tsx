import { useEffect } from 'react';
import { CloseIcon } from './icons.tsx';
import { useToastStore, type Toast } from './toast-store.ts';
import styles from './toast-viewport.module.css';
import iconButton from './icon-button.module.css';

const TOAST_LIFETIME_MS = 5000;

export function ToastViewport() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    // Not a list: each toast is an alert or a status, and a list may only hold list items.
    <section className={styles.viewport} aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const removeToast = useToastStore((state) => state.removeToast);

  useEffect(() => {
    const timer = window.setTimeout(() => removeToast(toast.id), TOAST_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, removeToast]);

  const className = toast.tone === 'danger' ? `${styles.toast} ${styles.danger}` : styles.toast;
  return (
    <div className={className} role={toast.tone === 'danger' ? 'alert' : 'status'}>
      <span className={styles.message}>{toast.message}</span>
      <button
        type="button"
        className={`${iconButton.iconButton} ${styles.dismiss}`}
        aria-label="Dismiss"
        onClick={() => removeToast(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
