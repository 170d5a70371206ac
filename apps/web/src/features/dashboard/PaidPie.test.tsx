import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaidPie } from './PaidPie';

// React's text separators (<!-- -->) removed, to read the text as shown.
const render = (paid: number, unpaid: number) =>
  renderToStaticMarkup(
    <MantineProvider>
      <PaidPie split={{ paid, unpaid }} format={(v) => `${v} u`} testId="pie" />
    </MantineProvider>,
  ).replaceAll('<!-- -->', '');
const slices = (html: string) => html.match(/<path /g)?.length ?? 0;

describe('PaidPie (SVG of our own, issue 14)', () => {
  it('draws a slice for paid and one for unpaid with whole percentages, and the legend', () => {
    const html = render(46, 54);
    expect(slices(html)).toBe(2);
    expect(html).toContain('>46%</text>');
    expect(html).toContain('>54%</text>');
    expect(html).toContain('aria-label="Pagado 46%, No pagado 54%"');
    expect(html).toContain('● Pagado: 46 u');
    expect(html).toContain('● No pagado: 54 u');
  });

  it('draws the whole circle for one side and nothing for an empty one', () => {
    const html = render(10, 0);
    expect(slices(html)).toBe(1);
    expect(html).toContain('>100%</text>');
    expect(html).not.toContain('>0%</text>');
  });

  it('draws no slice when there is nothing to count, the legend still says 0', () => {
    const html = render(0, 0);
    expect(slices(html)).toBe(0);
    expect(html).toContain('0 u');
  });
});
