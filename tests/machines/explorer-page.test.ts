/**
 * The offline explorer (docs/machines/index.html) in Debian's Chromium, opened from the file system:
 * a product owner clicks through the one-time-code flow, steps back, resets and reads it in Hebrew,
 * and the page asks the network for nothing.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';

const explorer = pathToFileURL(
  join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'docs/machines/index.html'),
).href;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
});
afterAll(() => browser?.close());

const whereTheFlowIs = (page: Page) => page.locator('#now code').allTextContents();
const click = (page: Page, text: string) => page.locator('#can button', { hasText: text }).first().click();

it('moves through the otp flow as the user clicks, steps back, resets, in English and Hebrew', async () => {
  const page = await browser.newPage();
  const outside: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) outside.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${explorer}#machine=otp&lang=en`);

  expect(await whereTheFlowIs(page)).toEqual(['starting']);
  await click(page, 'No code session yet: send a code.');
  expect(await whereTheFlowIs(page)).toEqual(['sending']);
  await click(page, 'The code was sent');
  await click(page, '2 seconds have passed');
  // A parallel state: both regions enter their initial states.
  expect(await whereTheFlowIs(page)).toEqual(['enteringCode.code.editing', 'enteringCode.resend.idle']);
  await click(page, 'The sixth digit completes a new code');
  expect(await whereTheFlowIs(page)).toEqual(['enteringCode.code.verifying', 'enteringCode.resend.idle']);
  await click(page, 'The code is right');
  expect(await whereTheFlowIs(page)).toEqual(['verified']);
  expect(await page.locator('#can').textContent()).toContain('the flow has ended');
  // The diagram marks where the flow is.
  expect(await page.locator('.diagram:not([hidden]) g.mark').count()).toBe(1);

  await page.locator('#back').click();
  expect(await whereTheFlowIs(page)).toEqual(['enteringCode.code.verifying', 'enteringCode.resend.idle']);
  await page.locator('#reset').click();
  expect(await whereTheFlowIs(page)).toEqual(['starting']);
  expect(await page.locator('#log li').count()).toBe(1);

  await page.locator('#language').click();
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await page.locator('#now').textContent()).toContain('התהליך מחליט מאיפה להתחיל');
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
}, 30_000);
