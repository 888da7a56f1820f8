/**
 * The list's tools (sort, filters, rows per load, export) are a chunk of their own (lazy-list-tools.tsx).
 * On a phone they take two lines; a one-line placeholder made the list move down when they came:
 * Lighthouse's mobile CLS on /properties, 0.033 (issue 26). The server now draws them with the list, and
 * the browser takes the page over once their chunk is in. Here the chunk is held back, as a slow phone
 * would have it: the tools are on screen before it arrives, and nothing moves when it does.
 */
import { describe, expect, it } from 'vitest';
import { publishedOffice } from '../../support/sample-properties';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { openSignedInBroker, waitForHydratedList } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { tr } from '../support/text';
import { enMobile, heMobile, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each([heMobile, enMobile])('the list tools on a phone ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('are drawn by the server before their code arrives, and nothing moves when it does', async () => {
    const { page, context, errors, api, tokens } = await openSignedInBroker(browser, variant);
    // An empty list shows no tools at all: two rows to list.
    for (const address of ['הרצל 1', 'הרצל 2'])
      await createProperty(api, tokens, publishedOffice({ address }));
    let releaseTools = () => {};
    const toolsHeld = new Promise<void>((resolve) => {
      releaseTools = resolve;
    });
    await context.route(/\/assets\/list-tools-[\w-]+\.js$/, async (route) => {
      await toolsHeld;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });

    await page.goto(`${baseUrl}/properties`);
    const sort = page.getByRole('combobox', { name: t.list.sort.label });
    // The server's page shows the list, the search field and the tools while the tools' code still loads.
    await page.getByRole('searchbox', { name: t.properties.list.searchLabel }).waitFor();
    await page.getByText('הרצל 2').first().waitFor();
    await sort.waitFor();
    const before = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts.length,
    );

    releaseTools();
    await waitForHydratedList(page);
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.slice(before).reduce((sum, value) => sum + value, 0)).toBeLessThan(0.005);
    expect(errors).toEqual([]);
  });
});
