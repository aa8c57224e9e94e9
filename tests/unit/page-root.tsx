// A React root in the test's page for component tests: each `draw` renders into the same container (so a
// test can see which elements React kept), and the root is unmounted and the page emptied after each test.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

// Tells React these tests drive its updates through act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

export interface PageRoot {
  /** Renders `node` and returns the container it is in. */
  draw(node: ReactNode): HTMLElement;
  /** The same inside an async act(): effects and the promises they start (a stubbed fetch) settle first. */
  drawAsync(node: ReactNode): Promise<HTMLElement>;
}

/** Call inside a describe block, or at the top of a file for all of its tests. */
export function pageRoot(): PageRoot {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container = undefined;
    document.body.replaceChildren();
  });
  function rootIn(): { root: Root; container: HTMLElement } {
    if (!container || !root) {
      container = document.createElement('div');
      document.body.append(container);
      root = createRoot(container);
    }
    return { root, container };
  }
  return {
    draw(node) {
      const page = rootIn();
      act(() => page.root.render(node));
      return page.container;
    },
    async drawAsync(node) {
      const page = rootIn();
      await act(async () => page.root.render(node));
      return page.container;
    },
  };
}
