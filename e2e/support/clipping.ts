import type { Page } from 'playwright-core';

/** One element whose content is cut off with no way to scroll to it. */
export type Clip = {
  kind: 'overflow-x' | 'overflow-y' | 'off-screen';
  path: string;
  text: string;
  detail: string;
};

/**
 * Runs in the page: every visible element whose content is clipped without a scrollbar.
 * - an element with overflow hidden/clip whose content is wider (or taller) than its box, by more
 *   than 1 px; an ellipsis is accepted when a title on it or around it gives the full text;
 * - an element that leaves the viewport sideways and sits in no horizontally scrollable container
 *   (a scrolling page does not count: on a phone, the page itself must not scroll sideways).
 * Visually-hidden helpers (1 px boxes, clip rect) are for screen readers and are skipped, and so are
 * elements with no text nor image (scrollbar thumbs, bars) and closed off-canvas drawers, wholly
 * outside the screen. Only the outermost off-screen element of a branch is reported.
 */
function findClippedInPage(): Clip[] {
  const clips: Clip[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const cssPath = (el: Element): string => {
    const parts: string[] = [];
    let node: Element | null = el;
    while (node && node !== document.body && parts.length < 6) {
      let part = node.tagName.toLowerCase();
      const testId = node.getAttribute('data-testid');
      if (node.id && !/^mantine-|^«|^:r/.test(node.id)) part += `#${node.id}`;
      else if (testId) part += `[data-testid="${testId}"]`;
      else {
        const cls = [...node.classList].filter((c) => !/^m_|^__/.test(c)).slice(0, 2);
        if (cls.length) part += `.${cls.join('.')}`;
        const parent: Element | null = node.parentElement;
        if (parent) {
          const same = [...parent.children].filter((c) => c.tagName === node?.tagName);
          if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
        }
      }
      parts.unshift(part);
      node = node.parentElement;
    }
    return parts.join(' > ');
  };
  const text = (el: Element) =>
    ((el as HTMLElement).innerText || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 80);
  const visuallyHidden = (el: Element, style: CSSStyleDeclaration) => {
    const r = el.getBoundingClientRect();
    return (
      r.width <= 1 ||
      r.height <= 1 ||
      (style.clip !== 'auto' && style.clip !== '') ||
      style.clipPath.startsWith('inset(50%')
    );
  };
  const scrollsX = (el: Element) => {
    const s = getComputedStyle(el);
    return (
      (s.overflowX === 'auto' || s.overflowX === 'scroll') &&
      el !== document.documentElement &&
      el !== document.body
    );
  };
  const hides = (v: string) => v === 'hidden' || v === 'clip';
  const reportedOffscreen = new Set<Element>();

  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || el.closest('svg, [aria-hidden="true"]')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const style = getComputedStyle(el);
    if (visuallyHidden(el, style)) continue;
    // Nothing to read inside (a scrollbar thumb, a progress bar): nothing can be cut.
    if (!text(el) && !el.querySelector('img, input, select, textarea, canvas')) continue;
    const title = el.closest('[title]')?.getAttribute('title');
    const ellipsisWithTitle = style.textOverflow === 'ellipsis' && Boolean(title);

    // Content wider (or taller) than its box, cut by overflow hidden or clip.
    const axes = [
      ['overflow-x', el.clientWidth, el.scrollWidth, style.overflowX],
      ['overflow-y', el.clientHeight, el.scrollHeight, style.overflowY],
    ] as const;
    const cut = axes.find(
      ([, client, scroll, overflow]) => client > 0 && hides(overflow) && scroll > client + 1,
    );
    if (cut && !ellipsisWithTitle) {
      const [kind, client, scroll] = cut;
      clips.push({ kind, path: cssPath(el), text: text(el), detail: `contenido ${scroll}px en ${client}px` });
      continue;
    }
    const rect = el.getBoundingClientRect();
    // Straddling an edge: part shows, part is cut. Wholly outside is an off-canvas drawer, closed.
    const leaves =
      (rect.right > viewportWidth + 1 || rect.left < -1) && rect.right > 0 && rect.left < viewportWidth;
    if (!leaves || style.position === 'fixed') continue;
    let ancestor = el.parentElement;
    let inScroller = false;
    let parentReported = false;
    while (ancestor && ancestor !== document.body) {
      if (reportedOffscreen.has(ancestor)) parentReported = true;
      if (scrollsX(ancestor)) inScroller = true;
      ancestor = ancestor.parentElement;
    }
    if (inScroller) continue;
    reportedOffscreen.add(el);
    if (parentReported) continue;
    clips.push({
      kind: 'off-screen',
      path: cssPath(el),
      text: text(el),
      detail: `de ${Math.round(rect.left)} a ${Math.round(rect.right)}px con la pantalla de ${viewportWidth}px`,
    });
  }
  return clips;
}

export async function findClipped(page: Page): Promise<Clip[]> {
  // The test runner's transform names inner functions through a `__name` helper the page lacks.
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  return page.evaluate(findClippedInPage);
}
