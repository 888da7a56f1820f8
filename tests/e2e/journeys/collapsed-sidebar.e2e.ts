/**
 * The desktop sidebar's collapsed setting (src/app/sidebar-setting.ts) reaches the server as a cookie,
 * so /properties, rendered on the server, comes with the sidebar as the broker left it: nothing changes
 * width when the page hydrates. Shifts are summed as server-rendered-page.e2e.ts sums them, from the
 * page's first moment.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sidebarCookie } from '../../../page-contract/sidebar-cookie';
import { publishedOffice } from '../../support/sample-properties';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { openSignedInBroker, waitForHydratedList } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { tr } from '../support/text';
import { enDesktop, enMobile, heDesktop, heMobile, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();
/** src/app/main-layout.tsx's widths of the sidebar, collapsed and not. */
const COMPACT_WIDTH = 76;

async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { shifts: 0, moved: [] as string[] };
    Object.assign(window, { shiftRecord: record });
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        record.shifts += entry.value;
        const names = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node);
        });
        record.moved.push(`${entry.value.toFixed(4)}: ${names.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the page's layout shifts so far (its CLS), with what moved in each, for a failure to show. */
const shiftsOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { shiftRecord: { shifts: number; moved: string[] } }).shiftRecord,
  );

async function expectNoShift(page: Page): Promise<void> {
  const { shifts, moved } = await shiftsOf(page);
  expect(shifts, moved.join('\n')).toBeLessThan(AT_MOST);
}

/** server-rendered-page.e2e.ts's bound for the list's hydration; a sidebar changing width shifts the whole page. */
const AT_MOST = 0.02;

const navbarWidth = (page: Page) =>
  page.evaluate(() => document.querySelector('#root nav')?.getBoundingClientRect().width ?? 0);

describe.each([heDesktop, enDesktop])('a collapsed sidebar on a wide screen ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('comes collapsed from the server on the next load, and nothing shifts when the page hydrates', async () => {
    const { page, context, errors, api, tokens } = await openSignedInBroker(browser, variant);
    await createProperty(api, tokens, publishedOffice({ address: 'הרצל 14' }));
    await page.goto(`${baseUrl}/properties`);
    await waitForHydratedList(page);
    await page.getByRole('button', { name: t.layout.sidebar.collapse }).click();
    await expect.poll(() => navbarWidth(page)).toBe(COMPACT_WIDTH);

    const next = await context.newPage();
    const consoleErrors: string[] = [];
    next.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await recordShifts(next);
    const response = await next.goto(`${baseUrl}/properties`);

    // The server drew the sidebar's links as icons: compact, as the broker left it.
    expect(await response?.text()).toMatch(/data-compact/);
    await waitForHydratedList(next);
    await next.getByRole('button', { name: t.layout.sidebar.expand }).waitFor();
    await next.waitForLoadState('networkidle');
    await next.waitForTimeout(300);
    await expect(navbarWidth(next)).resolves.toBe(COMPACT_WIDTH);
    await expectNoShift(next);
    await screenshot(next, variant, 'collapsed-sidebar', 'properties');

    // Expanded again, the next load is expanded from the server too.
    await next.getByRole('button', { name: t.layout.sidebar.expand }).click();
    const third = await context.newPage();
    await recordShifts(third);
    await third.goto(`${baseUrl}/properties`);
    await waitForHydratedList(third);
    await third.waitForLoadState('networkidle');
    await expect(navbarWidth(third)).resolves.toBeGreaterThan(COMPACT_WIDTH);
    await expectNoShift(third);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe.each([heMobile, enMobile])('the collapsed setting on a phone ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('hydrates without a shift, and the opened menu shows its labels', async () => {
    const { page, context, errors, api, tokens } = await openSignedInBroker(browser, variant);
    await createProperty(api, tokens, publishedOffice({ address: 'הרצל 14' }));
    await context.addCookies([{ name: sidebarCookie.name, value: sidebarCookie.collapsed, url: baseUrl }]);
    await recordShifts(page);

    await page.goto(`${baseUrl}/properties`);
    await waitForHydratedList(page);
    await page.waitForLoadState('networkidle');
    await expectNoShift(page);

    await page.getByRole('button', { name: t.layout.sidebar.open }).click();
    // The link's own words, not only its accessible name: the drawer is never the icons-only sidebar.
    await page
      .getByRole('navigation', { name: t.layout.nav.label })
      .getByRole('link', { name: t.layout.nav.properties, exact: true })
      .getByText(t.layout.nav.properties, { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
  });
});
