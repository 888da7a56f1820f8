/** Steps several journeys share, written the way a broker does them. */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageSessionCookie } from '../../../page-contract/page-session-cookie';
import { storedSessionEntries } from '../../../page-contract/stored-session';
import { type ApiClient, pageSessionOf, registerBroker, registerBrokerWithProfile, type Tokens } from './api';
import type { BrowserHandle, Journey } from './browser';
import { uniqueAddress, uniqueIsraeliPhone } from './identities';
import { journeyServerUrl } from './journey-server';
import type { tr } from './text';
import type { Variant } from './variants';

export type Texts = ReturnType<typeof tr>;

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    {
      timeout,
    },
  );
}

/** Types the code digit by digit into the six boxes, as a person reading the SMS would. */
export async function typeCode(page: Page, t: Texts, code: string): Promise<void> {
  const group = page.getByRole('group', { name: t.auth.codeInput.groupLabel });
  await group.getByRole('textbox').first().click();
  await page.keyboard.type(code, { delay: 30 });
}

/**
 * Signs the context in with tokens the real API issued, as if the broker had signed in earlier: the
 * session in local storage, and the page-session cookie the server answered that sign-in with
 * (page-session-cookie.ts), httpOnly as the server sets it.
 */
export async function restoreSession(context: BrowserContext, tokens: Tokens): Promise<void> {
  await context.addCookies([
    {
      name: pageSessionCookie.name,
      value: pageSessionOf(tokens),
      url: journeyServerUrl(),
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await context.addInitScript((entries) => {
    // The app's document only, never a framed host's: the session is not the host's to hold.
    if (window !== window.top) return;
    // Once per context: a journey that logs out must stay logged out after reloads.
    if (sessionStorage.getItem('e2e-session-restored')) return;
    sessionStorage.setItem('e2e-session-restored', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storedSessionEntries(tokens));
}

/** Where a signed-in journey starts, when not on the run's server with a plain broker. */
export interface SignedInOpening {
  /** A server the journey started itself (other settings); the run's server otherwise. */
  baseUrl?: string;
  /** The broker also has the profile an exposure order is signed with (company, licence). */
  withProfile?: boolean;
}

/**
 * A broker registered through the real API and signed in on a browser of their own: a client address
 * of their own too, so the API's per-client limits never meet another journey's. Every journey that
 * starts signed in opens this way.
 */
export async function openSignedInBroker(
  browser: BrowserHandle,
  variant: Variant,
  opening: SignedInOpening = {},
): Promise<Journey & { api: ApiClient; tokens: Tokens; phoneNumber: string }> {
  const api = { baseUrl: opening.baseUrl ?? journeyServerUrl(), clientAddress: uniqueAddress() };
  const register = opening.withProfile ? registerBrokerWithProfile : registerBroker;
  const phoneNumber = uniqueIsraeliPhone();
  const tokens = await register(api, phoneNumber);
  const journey = await browser.open(variant, { clientAddress: api.clientAddress });
  await restoreSession(journey.context, tokens);
  return { ...journey, api, tokens, phoneNumber };
}

/** document.documentElement fits the viewport: nothing sticks out sideways on a phone. */
export async function expectNoHorizontalOverflow(page: Page, screen: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `"${screen}" scrolls sideways (${scrollWidth} > ${clientWidth})`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/**
 * Nothing on the page scrolls sideways: not the document, and no part of it (a row of cards or buttons
 * that scrolls inside itself hides what lies past the screen's edge just as well).
 */
export async function expectNothingScrollsSideways(page: Page, screen: string): Promise<void> {
  await expectNoHorizontalOverflow(page, screen);
  const scrollers = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (
          (overflowX === 'auto' || overflowX === 'scroll') &&
          element.checkVisibility() &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${element.textContent?.slice(0, 60)})`,
      ),
  );
  expect(scrollers, `parts of "${screen}" scroll sideways`).toEqual([]);
}

/** The page's direction and language follow the variant. */
export async function expectDocumentDirection(page: Page, variant: Variant): Promise<void> {
  const { dir, lang } = await page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
  }));
  expect({ dir, lang }).toEqual({ dir: variant.lang === 'he' ? 'rtl' : 'ltr', lang: variant.lang });
}

/**
 * Every visible occurrence of the text sits in a bidi island: under dir="ltr" (phone numbers, codes,
 * e-mail), or, with `isolated`, also a <bdi> or dir="auto" (an area with a Hebrew unit, "1,250 מ״ר",
 * must keep RTL order around the number, so it is isolated rather than forced left to right).
 */
export async function expectInLtrIsland(page: Page, text: string, isolated = false): Promise<void> {
  const found = await page.evaluate(
    ({ needle, selector }) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const hits: boolean[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = (node.textContent ?? '').replace(/[\s\u200e\u200f\u00a0-]/g, '');
        if (!value.includes(needle)) continue;
        const element = node.parentElement;
        if (!element?.checkVisibility()) continue;
        hits.push(element.closest(selector) !== null);
      }
      return hits;
    },
    {
      needle: text.replace(/[\s-]/g, ''),
      selector: isolated ? '[dir="ltr"], bdi, [dir="auto"]' : '[dir="ltr"]',
    },
  );
  expect(found.length, `"${text}" is not on the screen`).toBeGreaterThan(0);
  expect(found.every(Boolean), `"${text}" is not in a bidi island`).toBe(true);
}

/** No button or link label is cut short: its text fits the box it is drawn in. */
export async function expectNoClippedLabels(page: Page, screen: string): Promise<void> {
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a, button *, a *'))
      .filter((element) => element.checkVisibility() && element.textContent?.trim())
      .filter((element) => {
        const style = getComputedStyle(element);
        const hides = style.overflowX === 'hidden' || style.overflowX === 'clip';
        return hides && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => element.textContent?.trim() ?? ''),
  );
  expect(clipped, `labels cut short on "${screen}"`).toEqual([]);
}

/** A check run on every screen: language and direction; on a phone, nothing sideways or cut short. */
export async function checkLayout(page: Page, variant: Variant, screen: string): Promise<void> {
  await expectDocumentDirection(page, variant);
  if (!variant.mobile) return;
  await expectNoHorizontalOverflow(page, screen);
  await expectNoClippedLabels(page, screen);
}

/** The sign-in screen up to the verify screen: phone (and country, when not Israel), then send. */
export async function requestSignInCode(
  page: Page,
  t: Texts,
  phone: { national: string; country?: string },
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: t.auth.login.title }).waitFor();
  if (phone.country) {
    await page
      .getByRole('button', { name: new RegExp(t.auth.phoneInput.countryButton.split('{{')[0] ?? '') })
      .click();
    await page.getByRole('textbox', { name: t.auth.phoneInput.countrySearch }).fill(phone.country);
    await page
      .getByRole('listbox', { name: t.auth.phoneInput.countryList })
      .getByRole('option')
      .first()
      .click();
  }
  await page.getByRole('textbox', { name: t.auth.login.phoneLabel }).fill(phone.national);
  await page.getByRole('button', { name: t.auth.login.submit }).click();
  await waitForPath(page, '/auth/verify-otp');
  await page.getByRole('heading', { level: 1, name: t.auth.verify.loginTitle }).waitFor();
}

/**
 * Waits until React has taken over a list the server rendered (/ and /properties for a signed-in
 * browser): its HTML holds the rows for a phone and for wider screens, and right after hydration the
 * layout that does not fit is emptied (src/components/phone-or-wide). A tap before then is lost, as it
 * would be for a person tapping before the page's script has run.
 */
export async function waitForHydratedList(page: Page): Promise<void> {
  await expect.poll(() => page.locator('#root [data-layout]:empty').count(), { timeout: 15_000 }).toBe(1);
}
