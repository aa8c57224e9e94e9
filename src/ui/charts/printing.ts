// The "printing" state every chart reads: while it is on, charts draw at a fixed width without
// animation, because a chart sized for the screen neither shrinks to the page nor finishes an
// animation before the print is taken (wave2.md §2.1).
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/** Fits an A4 or Letter page in portrait with the browser's default margins. */
export const PRINT_CHART_WIDTH = 640;

let isPrinting = false;
const listeners = new Set<() => void>();

function setPrinting(next: boolean) {
  if (isPrinting === next) return;
  isPrinting = next;
  for (const listener of listeners) listener();
}

// Ctrl+P gives no time for a render after `beforeprint`, so the charts re-render synchronously in it.
function startPrinting() {
  flushSync(() => setPrinting(true));
}

function stopPrinting() {
  setPrinting(false);
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('beforeprint', startPrinting);
    window.addEventListener('afterprint', stopPrinting);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('beforeprint', startPrinting);
    window.removeEventListener('afterprint', stopPrinting);
  };
}

export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isPrinting,
    () => false,
  );
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * What a Print Report button does: charts switch to their print size, and the print dialog opens once
 * they have been drawn (two frames: one to render, one to paint). The state ends when the dialog closes.
 */
export async function printReport(): Promise<void> {
  setPrinting(true);
  await nextFrame();
  await nextFrame();
  window.print();
}
