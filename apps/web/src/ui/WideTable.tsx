import { Box } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './WideTable.module.css';

type Props = {
  /** The Mantine <Table> itself. */
  children: ReactNode;
  /** Below this width (px) the table scrolls instead of squeezing its columns. */
  minWidth?: number;
  /** Keeps the first column in view while scrolling (default); off for tables with no naming column. */
  stickyFirstColumn?: boolean;
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
 * The one scroll container of wide tables (issue 16): the table scrolls horizontally inside its
 * card with an always-visible scrollbar and its first column stays in view. Used by DataTable and
 * by every page that draws a raw Mantine <Table>.
 */
export function WideTable({ children, minWidth, stickyFirstColumn = true, label, ...rest }: Props) {
  const { ref, overflows } = useOverflowsX();
  const style = minWidth ? ({ '--wide-table-min-width': `${minWidth}px` } as CSSProperties) : undefined;
  return (
    <Box
      ref={ref}
      className={stickyFirstColumn ? `${classes.scroll} ${classes.sticky}` : classes.scroll}
      style={style}
      // Only a table that scrolls is a stop in the tab order: the keyboard scrolls it with the
      // arrows (axe: scrollable-region-focusable); one that fits adds no empty stop.
      tabIndex={overflows ? 0 : undefined}
      role={overflows ? 'region' : undefined}
      aria-label={overflows ? (label ?? 'Tabla desplazable horizontalmente') : undefined}
      data-wide-table=""
      data-overflows={overflows || undefined}
      data-testid={rest['data-testid']}
    >
      {children}
    </Box>
  );
}
