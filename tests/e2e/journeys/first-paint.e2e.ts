import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { languageCookie, languageStorageKey } from '../../../page-contract/languages';
import { sessionHintCookie } from '../../../page-contract/session-hint-cookie';
import { storedSessionEntries } from '../../../page-contract/stored-session';
import { type ApiClient, registerBroker } from '../support/api';
import { browserForFile } from '../support/browser';
import { waitForPath } from '../support/flows';
import { uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { tr } from '../support/text';
import { enMobile, heDesktop, heMobile } from '../support/variants';

const browser = browserForFile();
const baseUrl = inject('baseUrl');

/** A page as the server sends it to a browser, before any script runs. */
async function fetchPage(path: string, cookie?: string): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(200);
  return response;
}

/** /login, whose drawing follows the language cookie. */
async function loginHtml(cookie?: string): Promise<string> {
  const response = await fetchPage('/login', cookie);
  expect(response.headers.get('vary')).toMatch(/cookie/i);
  return response.text();
}

/** Records, from the page's first moment, what Chrome reports about its paints and shifts. */
async function recordPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { shifts: 0, largest: [] as boolean[], drawnAtDomReady: false };
    Object.assign(window, { paintRecord: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { element?: Element | null }[]) {
        record.largest.push(Boolean(entry.element?.closest('[data-first-paint]')));
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        record.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      record.drawnAtDomReady = document.querySelector('[data-first-paint]') !== null;
    });
  });
}

function paintRecord(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { paintRecord: { shifts: number; largest: boolean[]; drawnAtDomReady: boolean } })
        .paintRecord,
  );
}

describe('/login paints from its HTML', () => {
  it('is sent drawn, in the language of the cookie, with none of the app to run before the paint', async () => {
    const hebrew = await loginHtml();
    const english = await loginHtml(`${languageCookie.name}=en`);

    for (const [html, lang, dir, title] of [
      [hebrew, 'he', 'rtl', tr('he').auth.login.title],
      [english, 'en', 'ltr', tr('en').auth.login.title],
    ] as const) {
      expect(html).toContain(`<html lang="${lang}" dir="${dir}"`);
      expect(html).toMatch(/<div data-first-paint inert[^>]*>/);
      expect(html).toContain(`>${title}</h1>`);
      // The app starts from a deferred classic script after the paint, not as a module the page waits for.
      expect(html).not.toContain('<script type="module"');
      expect(html).not.toContain('rel="modulepreload"');
    }
  });

  it.each([heMobile, heDesktop])(
    'becomes the app without a shift, and its largest paint is the drawing ($name)',
    async (variant) => {
      const { page, errors } = await browser.open(variant);
      const t = tr(variant.lang);
      await recordPaints(page);

      await page.goto(`${baseUrl}/login`);
      const phone = page.getByRole('textbox', { name: t.auth.login.phoneLabel });
      await phone.fill('0521234567');

      await expect(page.locator('[data-first-paint]').count()).resolves.toBe(0);
      // Typed into the app's field, not the drawing's: nothing the reader types is lost.
      expect((await phone.inputValue()).replace(/\D/g, '')).toBe('0521234567');
      const record = await paintRecord(page);
      expect(record.drawnAtDomReady).toBe(true);
      expect(record.shifts).toBeLessThan(0.01);
      // Chrome saw the page's largest paint in the drawing; the app's render of the same page added none.
      expect(record.largest).toEqual([true]);
      expect(errors).toEqual([]);
    },
  );

  it('shows no Hebrew drawing to a reader whose English choice is stored but not yet in the cookie', async () => {
    const { page, context, errors } = await browser.open(enMobile);
    await context.clearCookies();
    await recordPaints(page);

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { level: 1, name: tr('en').auth.login.title }).waitFor();

    const record = await paintRecord(page);
    expect(record.drawnAtDomReady).toBe(false);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    // The app wrote the cookie, so the next visit is drawn in English.
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === languageCookie.name)?.value).toBe('en');
    await expect(page.evaluate((key) => localStorage.getItem(key), languageStorageKey)).resolves.toBe('en');
    expect(errors).toEqual([]);
  });
});

describe('the property list names its modules in its HTML', () => {
  const pageHtml = async (path: string, cookie?: string) => (await fetchPage(path, cookie)).text();
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('at / and /properties preloads the route and its texts in the reader language, and other pages stay plain', async () => {
    const plain = preloads(await pageHtml('/properties/create'));
    const session = `${sessionHintCookie.name}=1`;
    for (const path of ['/', '/properties', '/properties?filter=drafts']) {
      const hebrew = preloads(await pageHtml(path, session));
      const english = preloads(await pageHtml(path, `${languageCookie.name}=en; ${session}`));
      for (const list of [hebrew, english]) {
        expect(list).toEqual(expect.arrayContaining(plain));
        expect(list.some((href) => /\/assets\/properties-page-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
      }
      // The same route, with each language's texts.
      expect(hebrew.length).toBe(english.length);
      expect(hebrew).not.toEqual(english);
    }
    expect(plain.some((href) => /properties-page/.test(href ?? ''))).toBe(false);
  });
});

describe('a session stored before the session cookie existed', () => {
  it('is sent to /login by the server once, straight back to the list, and then has the cookie', async () => {
    const api: ApiClient = { baseUrl, clientAddress: uniqueAddress() };
    const tokens = await registerBroker(api, uniqueIsraeliPhone());
    const { page, context, errors } = await browser.open(heMobile, { clientAddress: api.clientAddress });
    // Local storage only, as the app kept a session before it wrote the cookie.
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storedSessionEntries(tokens));

    const response = await page.goto(`${baseUrl}/properties?filter=drafts`);

    expect(new URL(response?.url() ?? '').pathname).toBe('/login');
    await waitForPath(page, '/properties');
    expect(new URL(page.url()).searchParams.get('filter')).toBe('drafts');
    await page.getByRole('heading', { level: 1, name: tr('he').common.screens.properties }).waitFor();
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === sessionHintCookie.name)?.value).toBe('1');
    // The next visit goes to the list directly.
    const again = await page.goto(`${baseUrl}/properties`);
    expect(again?.request().redirectedFrom()).toBeNull();
    expect(errors).toEqual([]);
  });
});
