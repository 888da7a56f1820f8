/**
 * The list's tools (sort, filters, rows per load, export) load after the list (lazy-list-tools.tsx).
 * On a phone they take two lines; their placeholder held one, and the list moved down when they came:
 * Lighthouse's mobile CLS on /properties, 0.033 (issue 26). Here their chunk is held back, as a slow
 * phone would have it, and the page may not shift when it arrives.
 */
import { describe, expect, inject, it } from 'vitest';
import { publishedOffice } from '../../support/sample-properties';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { openSignedInBroker } from '../support/flows';
import { tr } from '../support/text';
import { enMobile, heMobile, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = inject('baseUrl');

describe.each([heMobile, enMobile])('the list tools on a phone ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('keep their place while they load: nothing below them moves when they arrive', async () => {
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
    // The page has drawn its list and the search field above the tools, while the tools still load.
    await page.getByRole('searchbox', { name: t.properties.list.searchLabel }).waitFor();
    await page.getByText('הרצל 2').first().waitFor();
    await expect(sort.count()).resolves.toBe(0);
    const before = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts.length,
    );

    releaseTools();
    await sort.waitFor();
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.slice(before).reduce((sum, value) => sum + value, 0)).toBeLessThan(0.005);
    expect(errors).toEqual([]);
  });
});
