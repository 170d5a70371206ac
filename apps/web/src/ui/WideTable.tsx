import { Box } from '@mantine/core';
import { type CSSProperties, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import classes from './WideTable.module.css';

type Props = {
  /** The Mantine <Table> itself. */
  children: ReactNode;
  /** Below this width (px) the table scrolls instead of squeezing its columns. */
  minWidth?: number;
  /** Keeps the first column in view while scrolling (default); off for tables with no naming column. */
  stickyFirstColumn?: boolean;
  /**
   * On a phone (under 48em) the rows are cards: each cell a line with its column's header before
   * it, so nothing needs a sideways scroll (issue 37 §3). Cells without a `data-label` of their own
   * get their header's text.
   */
  cards?: boolean;
  /** Names the scrollable region for screen readers when the table overflows. */
  label?: string;
  'data-testid'?: string;
};

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useOverflowsX() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/**
 * Gives each body cell lacking a `data-label` the text of its column's header, and again whenever
 * the rows change: the card layout of a phone writes it before the value (CSS `attr()`), so raw
 * Mantine tables need no per-cell label of their own. Header cells spanning columns count as many.
 */
function useCardLabels(ref: RefObject<HTMLDivElement | null>, enabled: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof MutationObserver === 'undefined') return;
    const label = () => {
      const table = el.querySelector('table');
      const headerRow = table?.tHead?.rows[table.tHead.rows.length - 1];
      if (!table || !headerRow) return;
      const headers: string[] = [];
      for (const th of headerRow.cells)
        for (let i = 0; i < th.colSpan; i++) headers.push((th.textContent ?? '').trim());
      for (const body of table.tBodies)
        for (const row of body.rows) {
          let column = 0;
          for (const cell of row.cells) {
            if (!cell.hasAttribute('data-label')) cell.setAttribute('data-label', headers[column] ?? '');
            column += cell.colSpan;
          }
        }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref, enabled]);
}

/**
 * The one scroll container of wide tables (issue 16): the table scrolls horizontally inside its
 * card with an always-visible scrollbar and its first column stays in view. Used by DataTable and
 * by every page that draws a raw Mantine <Table>.
 */
export function WideTable({
  children,
  minWidth,
  stickyFirstColumn = true,
  cards = false,
  label,
  ...rest
}: Props) {
  const { ref, overflows } = useOverflowsX();
  useCardLabels(ref, cards);
  const className = [classes.scroll, stickyFirstColumn && classes.sticky, cards && classes.cards]
    .filter(Boolean)
    .join(' ');
  const style = minWidth ? ({ '--wide-table-min-width': `${minWidth}px` } as CSSProperties) : undefined;
  return (
    <Box
      ref={ref}
      className={className}
      style={style}
      // Only a table that scrolls is a stop in the tab order: the keyboard scrolls it with the
      // arrows (axe: scrollable-region-focusable); one that fits adds no empty stop.
      tabIndex={overflows ? 0 : undefined}
      role={overflows ? 'region' : undefined}
      aria-label={overflows ? (label ?? 'Tabla desplazable horizontalmente') : undefined}
      data-wide-table=""
      data-overflows={overflows || undefined}
      data-cards={cards || undefined}
      data-testid={rest['data-testid']}
    >
      {children}
    </Box>
  );
}
