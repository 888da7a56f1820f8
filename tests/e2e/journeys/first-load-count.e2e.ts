/**
 * The bundle budget (`npm run size`) counts a route's first load from the build alone: the served head,
 * the route's chunks, and the modules the app imports by itself before any interaction, which
 * bundle-size.ts names (FIRST_LOAD_ROUTES, EVERY_PAGE_WITHOUT_INTERACTION). Here a browser loads the
 * pages without touching them and the scripts it fetched are compared with that count, so the list of
 * named modules cannot drift from what the app does (a lazy part added to a first screen, or one that
 * stops loading on its own, fails here).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { measureBundle } from '../../../scripts/perf/bundle-size';
import { draftOffice, publishedOffice } from '../../support/sample-properties';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { openSignedInBroker, waitForHydratedList } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { heDesktop, heMobile, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();
const clientDir = inject('clientDir');

/** The journeys' own machine trace (support/machine-trace.ts) loads a module no broker's browser does. */
const JOURNEY_ONLY = /^assets\/machine-trace-[\w-]+\.js$/;

/** The built scripts the page fetched, once the network has been quiet a while. */
async function fetchedScripts(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const paths = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.replace(/^\//, ''))
      .filter((path) => path.startsWith('assets/') && path.endsWith('.js')),
  );
  return [...new Set(paths)].filter((path) => !JOURNEY_ONLY.test(path)).sort();
}

/** The files of one kind the page fetched (after fetchedScripts has waited for a quiet network). */
async function fetchedFiles(page: Page, ending: '.woff2' | '.css'): Promise<string[]> {
  const paths = await page.evaluate(
    (end) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith(end)),
    ending,
  );
  return [...new Set(paths)].sort();
}

/**
 * The stylesheets the server's head links. The build makes one for the whole app (vite.config.ts,
 * `cssCodeSplit`): a phone's first paint waits for one file, and no route's module links another later.
 */
async function linkedStylesheets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
}

async function expectOneStylesheet(page: Page) {
  const linked = await linkedStylesheets(page);
  expect(linked).toHaveLength(1);
  expect(await fetchedFiles(page, '.css')).toEqual(linked);
}

/** The font files the server's head preloads: a file fetched besides them lays the page out twice. */
async function preloadedFonts(page: Page): Promise<string[]> {
  const paths = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  return paths.sort();
}

async function countedScripts(path: string, variant: Variant): Promise<string[]> {
  const route = (await measureBundle(clientDir)).routes.find((load) => load.path === path);
  if (!route) throw new Error(`bundle-size.ts does not count ${path}`);
  const wideOnly = new Set(route.wideScreensOnly.map((file) => file.file));
  return route.js
    .map((file) => file.file)
    .filter((file) => !(variant.mobile && wideOnly.has(file)))
    .sort();
}

describe('the bundle budget counts what a first visit fetches before any interaction', () => {
  it('on /login', async () => {
    const { page, errors } = await browser.open(heMobile);
    await page.goto(`${baseUrl}/login`);
    expect(await fetchedScripts(page)).toEqual(await countedScripts('/login', heMobile));
    await expectOneStylesheet(page);
    expect(errors).toEqual([]);
  });

  it('on /register, a first visit', async () => {
    const { page, errors } = await browser.open(heMobile);
    await page.goto(`${baseUrl}/register`);
    expect(await fetchedScripts(page)).toEqual(await countedScripts('/register', heMobile));
    expect(errors).toEqual([]);
  });

  it.each([heMobile, heDesktop])('on /properties, rendered by the server ($name)', async (variant) => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, variant);
    // The tools show with rows only.
    // Priced in shekels: the sign must not send the page for a font file its head does not preload.
    for (const address of ['הרצל 1', 'הרצל 2'])
      await createProperty(api, tokens, publishedOffice({ address, dealType: 'rent', askingRentPerSqm: 95 }));
    await page.goto(`${baseUrl}/properties`);
    await waitForHydratedList(page);
    await page.getByText('₪').first().waitFor();
    expect(await fetchedScripts(page)).toEqual(await countedScripts('/properties', variant));
    expect(await fetchedFiles(page, '.woff2')).toEqual(await preloadedFonts(page));
    await expectOneStylesheet(page);
    expect(errors).toEqual([]);
  });

  it.each([heMobile, heDesktop])('on /drafts, without a local draft ($name)', async (variant) => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, variant);
    await createProperty(api, tokens, draftOffice({ address: 'הגפן 3' }));
    await page.goto(`${baseUrl}/drafts`);
    await page.getByText('הגפן 3').first().waitFor();
    expect(await fetchedScripts(page)).toEqual(await countedScripts('/drafts', variant));
    expect(errors).toEqual([]);
  });

  it("on a property's page, rendered by the server", async () => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, heDesktop);
    const property = await createProperty(api, tokens, publishedOffice({ address: 'הרצל 7' }));
    await page.goto(`${baseUrl}/properties/${property.id}`);
    await page.getByRole('button', { name: 'בקשת חשיפה' }).waitFor();
    expect(await fetchedScripts(page)).toEqual(await countedScripts('/properties/:id', heDesktop));
    expect(errors).toEqual([]);
  });
});
