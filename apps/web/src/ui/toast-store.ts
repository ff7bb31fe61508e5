import { create } from 'zustand';

export type Toast = {
  id: string;
  message: string;
  tone: 'neutral' | 'danger';
};

type ToastState = {
  toasts: Toast[];
  addToast: (toast: Omit<Toast, 'id' | 'tone'> & Partial<Pick<Toast, 'tone'>>) => string;
  removeToast: (id: string) => void;
};

/** spec §3 Toast: an id, with add and remove actions. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  addToast: ({ message, tone = 'neutral' }) => {
    const id = crypto.randomUUID();
    set((state) => ({ toasts: [...state.toasts, { id, message, tone }] }));
    return id;
  },
  removeToast: (id) =>
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));
