import { create } from 'zustand';

/** One thing the toast offers to do about what it says, such as Undo. */
export type ToastAction = { label: string; onAction: () => void };

export type Toast = {
  id: string;
  message: string;
  tone: 'neutral' | 'danger';
  action?: ToastAction | undefined;
};

type NewToast = Omit<Toast, 'id' | 'tone'> & Partial<Pick<Toast, 'tone'>>;

type ToastState = {
  toasts: Toast[];
  addToast: (toast: NewToast) => string;
  removeToast: (id: string) => void;
};

/** spec §3 Toast: an id, with add and remove actions. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  addToast: ({ message, tone = 'neutral', action }) => {
    const id = crypto.randomUUID();
    set((state) => ({ toasts: [...state.toasts, { id, message, tone, action }] }));
    return id;
  },
  removeToast: (id) =>
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));
