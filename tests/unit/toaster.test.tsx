// Where the toasts are drawn (src/ui/toaster.tsx): on the page, and inside the modal dialog on top while
// one is open, since a modal makes the rest of the page inert; back on the page as soon as it closes,
// whether the screen closed it or the browser did (Escape).
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../src/ui/modal';
import { useToastStore } from '../../src/ui/toast-store';
import { Toaster } from '../../src/ui/toaster';
import { pageRoot } from './page-root';

function notifications(): HTMLElement {
  const area = document.querySelector<HTMLElement>('section[aria-label="Notifications"]');
  if (!area) throw new Error('the notification area is not on the page');
  return area;
}

function dialogNamed(title: string): HTMLDialogElement {
  const heading = [...document.querySelectorAll('dialog h2')].find(
    (element) => element.textContent === title,
  );
  const dialog = heading?.closest('dialog');
  if (!dialog) throw new Error(`no dialog "${title}"`);
  return dialog;
}

function Screen({ openDialogs }: { openDialogs: readonly string[] }) {
  return (
    <>
      {['Delete contact', 'Are you sure?'].map((title) => (
        <Modal key={title} isOpen={openDialogs.includes(title)} title={title} onClose={() => undefined}>
          <p>{title}</p>
        </Modal>
      ))}
      <Toaster />
    </>
  );
}

describe('the toasts', () => {
  const page = pageRoot();

  it('are read inside the modal on top while it is open, and on the page again once it closes', () => {
    page.draw(<Screen openDialogs={[]} />);
    act(() => useToastStore.getState().show('success', 'Contact deleted'));
    expect(notifications().closest('dialog')).toBeNull();
    expect(notifications().textContent).toContain('Contact deleted');

    page.draw(<Screen openDialogs={['Delete contact']} />);
    expect(notifications().closest('dialog')).toBe(dialogNamed('Delete contact'));
    page.draw(<Screen openDialogs={['Delete contact', 'Are you sure?']} />);
    expect(notifications().closest('dialog')).toBe(dialogNamed('Are you sure?'));
    expect(notifications().textContent).toContain('Contact deleted');

    page.draw(<Screen openDialogs={['Delete contact']} />);
    expect(notifications().closest('dialog')).toBe(dialogNamed('Delete contact'));
    page.draw(<Screen openDialogs={[]} />);
    expect(notifications().closest('dialog')).toBeNull();
  });

  it('leave a modal the browser closed (Escape) even before the screen draws again', () => {
    page.draw(<Screen openDialogs={['Delete contact']} />);
    const dialog = dialogNamed('Delete contact');
    expect(notifications().closest('dialog')).toBe(dialog);
    act(() => dialog.close());
    expect(notifications().closest('dialog')).toBeNull();
  });
});
