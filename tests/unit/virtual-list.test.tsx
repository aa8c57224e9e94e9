// The virtual list (src/ui/virtual-list.tsx): which rows it draws for a scroll position, where it scrolls
// to reveal a row, that 5,000 rows put only a screenful (and a margin) in the page, and that other rows
// (a search's next keystroke) are drawn into the elements already there, and that a list at rest draws a
// small margin beyond the view where a scrolling one draws a wide one.
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { rowsInView, scrollTopFor, VirtualList } from '../../src/ui/virtual-list';
import { pageRoot } from './page-root';

describe('rows in view', () => {
  it('draws the rows on screen and a margin on each side, never past either end', () => {
    expect(rowsInView(0, 400, 50, 5000, 2)).toEqual({ start: 0, end: 10 });
    expect(rowsInView(1000, 400, 50, 5000, 2)).toEqual({ start: 18, end: 30 });
    expect(rowsInView(249_600, 400, 50, 5000, 2)).toEqual({ start: 4990, end: 5000 });
  });

  it('draws a partly shown row at either edge', () => {
    expect(rowsInView(25, 100, 50, 100, 0)).toEqual({ start: 0, end: 3 });
  });

  it('draws nothing for an empty list, and tolerates the bounce past the top', () => {
    expect(rowsInView(0, 400, 50, 0)).toEqual({ start: 0, end: 0 });
    expect(rowsInView(-30, 100, 50, 10, 0)).toEqual({ start: 0, end: 2 });
  });
});

describe('scrolling to a row', () => {
  const view = { scrollTop: 500, viewportHeight: 200, rowHeight: 50 };

  it('does not move for a row already in view', () => {
    expect(scrollTopFor(11, 'nearest', view)).toBe(500);
  });

  it('moves the least to show a row above or below the view', () => {
    expect(scrollTopFor(4, 'nearest', view)).toBe(200);
    expect(scrollTopFor(20, 'nearest', view)).toBe(850);
  });

  it('puts the row at the top for a jump', () => {
    expect(scrollTopFor(11, 'start', view)).toBe(550);
  });
});

describe('the list in a page', () => {
  const page = pageRoot();
  /** 5,000 people, one row of 50 px each. */
  const drawPeople = () =>
    page.draw(
      <VirtualList
        aria-label="People"
        count={5000}
        rowHeight={50}
        renderRow={(index, style) => (
          <div data-row={index} style={style}>
            Person {index}
          </div>
        )}
      />,
    );

  it('puts a screenful of 5,000 rows in the page, each at its place', () => {
    const container = drawPeople();
    const options = container.querySelectorAll<HTMLElement>('[data-row]');
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThan(60);
    expect(options[1]?.style.top).toBe('50px');
    expect(
      container.querySelector<HTMLElement>('[aria-label="People"]')?.style.getPropertyValue('--list-height'),
    ).toBe('250000px');
  });

  it('draws other rows into the elements already in the page', () => {
    const draw = (names: readonly string[]) =>
      page.draw(
        <VirtualList
          count={names.length}
          rowHeight={50}
          renderRow={(index, style) => (
            <div data-row={index} style={style}>
              {names[index]}
            </div>
          )}
        />,
      );
    const container = draw(Array.from({ length: 5000 }, (_, at) => `Person ${at}`));
    const before = [...container.querySelectorAll('[data-row]')];
    draw(['Ada Lovelace', 'Grace Hopper']);
    const after = [...container.querySelectorAll('[data-row]')];
    expect(after.map((row) => row.textContent)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });

  it('draws a small margin beyond the view at rest, a wide one while it scrolls, and the small one once it stops', () => {
    vi.useFakeTimers();
    try {
      const container = drawPeople();
      const scroller = container.querySelector('[aria-label="People"]') as HTMLElement;
      const drawn = () => container.querySelectorAll('[data-row]').length;
      const atRest = drawn();

      act(() => {
        scroller.dispatchEvent(new Event('scroll'));
      });
      expect(drawn()).toBe(atRest + 6);

      act(() => {
        vi.advanceTimersByTime(300);
      });
      expect(drawn()).toBe(atRest);
    } finally {
      vi.useRealTimers();
    }
  });
});
