import axe from 'axe-core';
import type { Page } from 'playwright-core';

export type AxeFinding = { id: string; impact: string; help: string; targets: string[]; summary: string };

/**
 * Runs axe-core in the page (or only in the elements `within` selects) and returns its serious and
 * critical violations.
 */
export async function seriousAxeViolations(page: Page, within?: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate('typeof window.axe !== "undefined"');
  if (!loaded) await page.evaluate(axe.source);
  if (within && (await page.locator(within).count()) === 0) return [];
  const context = within ? JSON.stringify({ include: [[within]] }) : 'document';
  const results = (await page.evaluate(
    `window.axe.run(${context}, { resultTypes: ['violations'] })`,
  )) as axe.AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      // What axe measured on the first node (for contrast: the colours and the ratio).
      summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
    }));
}
