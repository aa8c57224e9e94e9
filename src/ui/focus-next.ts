// Where the focus goes when the part of a screen holding it is taken away by its own button (a notice
// dismissed): to the next control after it, so that keyboard and screen-reader users carry on from
// where they were rather than from the top of the page, where the browser leaves them.

const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Call before `part` goes, from the handler that takes it away. Only a focus the member sees moves (the
 * keyboard's): a tap focuses the button too, and a text field focused after it would open a phone's
 * keyboard unasked.
 */
export function focusNextAfter(part: Element): void {
  const focused = document.activeElement;
  if (!focused || !part.contains(focused) || !focused.matches(':focus-visible')) return;
  const next = [...document.querySelectorAll<HTMLElement>(CONTROLS)].find(
    (control) =>
      !part.contains(control) &&
      (part.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 &&
      control.checkVisibility(),
  );
  // In a task of its own, once React has drawn the change: a control behind a dialog that goes with the
  // part cannot take the focus while that dialog is still open.
  setTimeout(() => next?.focus(), 0);
}
