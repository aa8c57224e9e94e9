// Short messages shown over any screen (spec §9 Toasts); they outlive the screen that raised them.
import { create } from 'zustand';

export type ToastKind = 'success' | 'info' | 'error' | 'warning';

/** Spec §9: how long each kind of toast stays before it fades. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = {
  success: 3_000,
  info: 3_000,
  error: 4_000,
  warning: 4_000,
};
export const TOAST_FADE_OUT_MS = 300;

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  isLeaving: boolean;
}

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, message: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, message) => {
    // The same words twice at once (two refusals of one kind) say nothing more: one toast is enough.
    if (get().toasts.some((toast) => !toast.isLeaving && toast.kind === kind && toast.message === message))
      return;
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, kind, message, isLeaving: false }] }));
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS[kind]);
  },
  dismiss: (id) => {
    const toast = get().toasts.find((candidate) => candidate.id === id);
    if (!toast || toast.isLeaving) return;
    set((state) => ({
      toasts: state.toasts.map((candidate) =>
        candidate.id === id ? { ...candidate, isLeaving: true } : candidate,
      ),
    }));
    setTimeout(
      () => set((state) => ({ toasts: state.toasts.filter((candidate) => candidate.id !== id) })),
      TOAST_FADE_OUT_MS,
    );
  },
}));

export function showToast(kind: ToastKind, message: string): void {
  useToastStore.getState().show(kind, message);
}
