import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { visibleRange } from './board';

export interface VirtualCardListProps<T> {
  items: T[];
  rowHeight: number;
  /** CSS height of the scrolling area. */
  height: string | number;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => number | string;
  /** Called when the last rows come into view (load the next page). */
  onEndReached?: () => void;
  footer?: ReactNode;
  label?: string;
  /** How many items the list has in all, loaded or not (each item's aria-setsize). */
  setSize?: number;
  /** An item to bring into view when it is outside the rendered rows (a card moved into this list). */
  reveal?: number | string;
}

/**
 * A list that renders only the rows in view (plus a few), so a column of 2,000 cards keeps a few
 * dozen in the page. Rows have a fixed height.
 */
export function VirtualCardList<T>({
  items,
  rowHeight,
  height,
  renderItem,
  itemKey,
  onEndReached,
  footer,
  label,
  setSize,
  reveal,
}: VirtualCardListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || 800);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { start, end } = visibleRange(items.length, rowHeight, scrollTop, viewport);
  const nearEnd = end >= items.length - 2;
  useEffect(() => {
    if (nearEnd && items.length > 0) onEndReached?.();
  }, [nearEnd, items.length, onEndReached]);

  // Scrolled to, the item is rendered (the scroll event moves the window) and can take the focus.
  const revealAt = reveal === undefined ? -1 : items.findIndex((item) => itemKey(item) === reveal);
  const outside = revealAt >= 0 && (revealAt < start || revealAt >= end);
  useEffect(() => {
    if (outside && ref.current) ref.current.scrollTop = revealAt * rowHeight;
  }, [outside, revealAt, rowHeight]);

  return (
    <Box
      ref={ref}
      role="list"
      aria-label={label}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      sx={{ height, maxHeight: height, overflowY: 'auto', overflowX: 'hidden', position: 'relative', px: 1 }}
    >
      <Box sx={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(start, end).map((item, i) => (
          <Box
            key={itemKey(item)}
            role="listitem"
            // Only the rows in view are in the page: each says where it stands in the whole list.
            aria-setsize={setSize ?? items.length}
            aria-posinset={start + i + 1}
            sx={{ position: 'absolute', top: (start + i) * rowHeight, left: 0, right: 0, height: rowHeight }}
          >
            {renderItem(item, start + i)}
          </Box>
        ))}
      </Box>
      {footer}
    </Box>
  );
}
