import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { languageCookie } from '../../../page-contract/languages';
import { pageSessionCookie } from '../../../page-contract/page-session-cookie';
import { pageSessionOf, registerBroker } from '../support/api';
import { browserForFile } from '../support/browser';
import { uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

/**
 * Where the "forms need JavaScript" line sits with scripts off: whether anything covers it, and on a
 * page with the app's fixed header, the space between the header and the page's first content beyond
 * the notice itself (the main area's own padding, nothing more).
 */
function measureNotice(page: Page, text: string) {
  return page.evaluate((noticeText) => {
    const notice = [...document.querySelectorAll('p')].find((p) => p.textContent === noticeText);
    if (!notice) return null;
    const box = notice.getBoundingClientRect();
    const atCenter = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const covered = atCenter === null || !notice.contains(atCenter);
    const header = document.querySelector('#root header');
    const main = document.getElementById('main-content');
    const fixedHeader = header !== null && getComputedStyle(header).position === 'fixed';
    if (!fixedHeader || !main) return { covered, band: 0, belowHeader: true };
    const headerBox = header.getBoundingClientRect();
    const first = [...main.children].find((child) => child.tagName !== 'NOSCRIPT' && !child.contains(notice));
    const firstTop = first?.getBoundingClientRect().top ?? Number.NaN;
    const between = box.top >= headerBox.bottom - 0.5 && box.bottom <= firstTop + 0.5;
    const noticeSpace = between ? firstTop - box.top : 0;
    const padding = Number.parseFloat(getComputedStyle(main).paddingTop) - headerBox.height;
    return {
      covered,
      belowHeader: box.top >= headerBox.bottom - 0.5,
      band: Math.round(firstTop - noticeSpace - headerBox.bottom - padding),
    };
  }, text);
}

describe.each(fullMatrix)(
  'with JavaScript off, the notice that forms need it ($name)',
  (variant: Variant) => {
    const t = tr(variant.lang);

    async function openWithoutScripts(path: string, cookies: { name: string; value: string }[] = []) {
      const context = await browser.browser.newContext({
        javaScriptEnabled: false,
        viewport: variant.viewport,
      });
      await context.addCookies(
        [{ name: languageCookie.name, value: variant.lang }, ...cookies].map((cookie) => ({
          ...cookie,
          url: baseUrl,
        })),
      );
      const page = await context.newPage();
      await page.goto(`${baseUrl}${path}`);
      return { page, context };
    }

    it('sits below the list’s header, in the flow, with no empty band above the page', async () => {
      const tokens = await registerBroker({ baseUrl, clientAddress: uniqueAddress() }, uniqueIsraeliPhone());
      const { page, context } = await openWithoutScripts('/properties', [
        { name: pageSessionCookie.name, value: pageSessionOf(tokens) },
      ]);
      try {
        await page.getByRole('heading', { level: 1, name: t.common.screens.properties }).waitFor();
        await expect(measureNotice(page, t.common.noScript)).resolves.toEqual({
          covered: false,
          belowHeader: true,
          band: 0,
        });
        await screenshot(page, variant, 'no-script', 'properties');
      } finally {
        await context.close();
      }
    });

    it('is read at the top of /login', async () => {
      const { page, context } = await openWithoutScripts('/login');
      try {
        await page.getByRole('heading', { level: 1, name: t.auth.login.title }).waitFor();
        await expect(measureNotice(page, t.common.noScript)).resolves.toEqual({
          covered: false,
          belowHeader: true,
          band: 0,
        });
        await expect(
          page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        ).resolves.toBe(true);
        await screenshot(page, variant, 'no-script', 'login');
      } finally {
        await context.close();
      }
    });
  },
);
