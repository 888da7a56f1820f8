/**
 * Issue 19, "limits say their limit": each defect a broker met, walked in the browser.
 * - a 660-character address was cut to 200 without a word;
 * - a sale price of ₪99,999,999,999,999,999 was taken (the field read it as empty);
 * - a 150-letter surname was told its characters were wrong.
 * The paste is a real one: the text goes to the clipboard and the keyboard pastes it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, type Journey } from '../support/browser';
import { checkLayout, openSignedInBroker } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { startProperty } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

async function withClipboard<J extends Journey>(opened: Promise<J>): Promise<J> {
  const journey = await opened;
  await journey.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  return journey;
}

async function paste(page: Page, name: string, text: string) {
  const input = page.getByRole('textbox', { name });
  // A server-rendered field is read-only until the page is the app's: a paste before then is dropped.
  await expect.poll(() => input.isEditable(), { timeout: 30_000 }).toBe(true);
  await input.click();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await input.press('ControlOrMeta+V');
  return input;
}

/** The input's message, as a screen reader hears it. */
async function messageOf(page: Page, name: string): Promise<string> {
  const ids = (await page.getByRole('textbox', { name }).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ').replace(/[\u200e\u200f]/g, '');
}

describe.each(fullMatrix)('limits say their limit ($name)', (variant: Variant) => {
  const t = tr(variant.lang);
  const w = t.wizard;

  it('says a pasted address was cut at 200 characters, and names the largest sale price', async () => {
    const { page, errors } = await withClipboard(openSignedInBroker(browser, variant));
    await startProperty(page, t, baseUrl, 'offices');

    const address = await paste(page, t.fields.address.label, 'רחוב הרצל 1 '.repeat(55));
    await expect(address.inputValue()).resolves.toHaveLength(200);
    await expect(messageOf(page, t.fields.address.label)).resolves.toContain(
      fill(w.limits.pastedCut, { limit: 200 }),
    );

    const price = page.getByRole('textbox', { name: t.fields.salePrice.label });
    await price.fill('99999999999999999');
    await price.blur();
    const priceMessage = await messageOf(page, t.fields.salePrice.label);
    expect(priceMessage).toContain(fill(w.fieldErrors.tooLarge, { limit: '' }).trim());
    expect(priceMessage).toMatch(/10,000,000,000/);
    expect(priceMessage).toContain('₪');
    await checkLayout(page, variant, 'wizard limits');
    await screenshot(page, variant, 'limits', 'general-info');
    expect(errors).toEqual([]);
  });

  it('tells a 150-letter surname the 60-letter limit, not that its characters are wrong', async () => {
    const { page, errors } = await withClipboard(browser.open(variant));
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: t.auth.register.title }).waitFor();

    const lastName = await paste(page, t.auth.register.lastName, 'ל'.repeat(150));

    await expect(lastName.inputValue()).resolves.toHaveLength(60);
    const message = await messageOf(page, t.auth.register.lastName);
    expect(message).toContain(fill(t.auth.limits.pastedCut, { limit: 60 }));
    expect(message).not.toContain(t.auth.authCommon.invalidLastName);
    await checkLayout(page, variant, 'register limits');
    await screenshot(page, variant, 'limits', 'register');
    expect(errors).toEqual([]);
  });
});
