// A React root in the test's page for component tests: each `draw` renders into the same container (so a
// test can see which elements React kept), and the root is unmounted and the page emptied after each test.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

// Tells React these tests drive its updates through act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** Call inside a describe block; `draw` renders `node` and returns the container it is in. */
export function pageRoot(): { draw(node: ReactNode): HTMLElement } {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container = undefined;
    document.body.replaceChildren();
  });
  return {
    draw(node) {
      if (!container) {
        container = document.createElement('div');
        document.body.append(container);
        root = createRoot(container);
      }
      act(() => root?.render(node));
      return container;
    },
  };
}
