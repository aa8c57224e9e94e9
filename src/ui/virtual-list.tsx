// A scrolling list of rows of one fixed height that draws only the rows in view (and a few around
// them), so 5,000 rows scroll like 20. Written here rather than taken from a package: with one row
// height the whole job is the arithmetic below, and the rows' semantics (a listbox whose active
// option follows the keyboard) stay the caller's.
import {
  type CSSProperties,
  Fragment,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import styles from './virtual-list.module.css';

/** Rows drawn beyond each edge of the view while it scrolls, so a fast flick does not show blank space for a frame. */
const OVERSCAN_ROWS = 8;
/**
 * Rows drawn beyond each edge of a view at rest: enough for a scroll's first frame. The list's rows change
 * at rest (each keystroke of a search), where every row drawn beyond the view is work the member waits for.
 */
const RESTING_OVERSCAN_ROWS = 2;
/** How long after its last scroll event the list counts as at rest. */
const SCROLL_SETTLE_MS = 300;

export interface RowRange {
  /** The first row drawn. */
  start: number;
  /** One past the last row drawn. */
  end: number;
}

/** The rows to draw for a view of `viewportHeight` px scrolled to `scrollTop`. */
export function rowsInView(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = OVERSCAN_ROWS,
): RowRange {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

/**
 * Where to scroll so that row `index` is in view: unchanged when it already is, else the least move
 * (`nearest`), or the row at the top (`start`, for a jump such as the A–Z index).
 */
export function scrollTopFor(
  index: number,
  align: 'nearest' | 'start',
  { scrollTop, viewportHeight, rowHeight }: { scrollTop: number; viewportHeight: number; rowHeight: number },
): number {
  const top = index * rowHeight;
  if (align === 'start') return top;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}

export interface VirtualListHandle {
  scrollToRow(index: number, align: 'nearest' | 'start'): void;
  focus(): void;
}

interface VirtualListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'style'> {
  count: number;
  rowHeight: number;
  /**
   * Draws row `index`; the row must take `style` (its place in the list). Its element is given no key: the
   * list keys each slot, and a row's element is reused for whichever row the slot draws next.
   */
  renderRow: (index: number, style: CSSProperties) => ReactNode;
  handle?: Ref<VirtualListHandle>;
}

export function VirtualList({ count, rowHeight, renderRow, handle, className, ...rest }: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 0 });
  const [isScrolling, setIsScrolling] = useState(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const overscan = isScrolling ? OVERSCAN_ROWS : RESTING_OVERSCAN_ROWS;
  const range = rowsInView(view.scrollTop, view.height, rowHeight, count, overscan);

  useEffect(() => () => clearTimeout(settleTimer.current), []);

  // The height of the view: known after layout, and again whenever the screen changes size.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setView((current) =>
        current.height === element.clientHeight && current.scrollTop === element.scrollTop
          ? current
          : { scrollTop: element.scrollTop, height: element.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useImperativeHandle(
    handle,
    () => ({
      focus: () => scroller.current?.focus(),
      scrollToRow(index, align) {
        const element = scroller.current;
        if (!element) return;
        element.scrollTop = scrollTopFor(index, align, {
          scrollTop: element.scrollTop,
          viewportHeight: element.clientHeight,
          rowHeight,
        });
      },
    }),
    [rowHeight],
  );

  // Each drawn row keeps its place in a pool of slots (enough for the most rows the view can draw): when
  // the rows change (a search's next keystroke), React updates the elements in place instead of removing
  // every row and building new ones; a scroll by one row moves one slot's element to the row coming into view.
  const slots = Math.ceil(view.height / rowHeight) + 1 + 2 * OVERSCAN_ROWS;
  const rows: ReactNode[] = [];
  for (let index = range.start; index < range.end; index += 1) {
    rows.push(
      <Fragment key={index % slots}>
        {renderRow(index, { position: 'absolute', top: index * rowHeight, height: rowHeight })}
      </Fragment>,
    );
  }

  return (
    <div
      {...rest}
      ref={scroller}
      className={`${styles.scroller} ${className ?? ''}`}
      // The full height comes from a pseudo-element (virtual-list.module.css): no element without a role
      // stands between a listbox and its options.
      style={{ '--list-height': `${count * rowHeight}px` } as CSSProperties}
      onScroll={(event) => {
        const { scrollTop } = event.currentTarget;
        clearTimeout(settleTimer.current);
        settleTimer.current = setTimeout(() => setIsScrolling(false), SCROLL_SETTLE_MS);
        // Redrawn only when another row comes into view, not on every pixel scrolled.
        const next = rowsInView(scrollTop, view.height, rowHeight, count, OVERSCAN_ROWS);
        if (!isScrolling || next.start !== range.start || next.end !== range.end) {
          setIsScrolling(true);
          setView((current) => ({ ...current, scrollTop }));
        }
      }}
    >
      {rows}
    </div>
  );
}
