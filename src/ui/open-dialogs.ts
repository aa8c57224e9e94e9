// The modal dialogs open now, in the order opened: the toaster renders inside the top one (toaster.tsx).
// The code that opens a modal says so here, rather than the toaster finding them by watching the whole
// page for changes: such an observer ran on every row a search's keystroke redrew (docs/budgets.md).
import { useSyncExternalStore } from 'react';

let openDialogs: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function setOpenDialogs(next: readonly HTMLDialogElement[]): void {
  openDialogs = next;
  for (const listener of listeners) listener();
}

function forget(dialog: HTMLDialogElement): void {
  if (openDialogs.includes(dialog)) setOpenDialogs(openDialogs.filter((open) => open !== dialog));
}

/**
 * Shows `dialog` as a modal (`showModal`) and returns what closes it, for an effect's clean-up. A dialog
 * the browser closes itself (Escape) is forgotten at once.
 */
export function showModalDialog(dialog: HTMLDialogElement): () => void {
  const forgetOnClose = () => forget(dialog);
  dialog.showModal();
  dialog.addEventListener('close', forgetOnClose, { once: true });
  setOpenDialogs([...openDialogs, dialog]);
  return () => {
    dialog.removeEventListener('close', forgetOnClose);
    if (dialog.open) dialog.close();
    forget(dialog);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a modal dialog is open: a key pressed then is the dialog's, not the screen's behind it. */
export function isAnyDialogOpen(): boolean {
  return openDialogs.length > 0;
}

/** The modal dialog on top, if any; none while the page is rendered on the server. */
export function useTopOpenDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    subscribe,
    () => openDialogs.at(-1) ?? null,
    () => null,
  );
}
