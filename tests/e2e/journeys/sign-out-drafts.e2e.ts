/**
 * Issue 19, item 8: signing out silently discarded a local draft never saved to the server. Walked in
 * the browser: the question comes up (focus kept inside it, Escape cancels), and "save and log out"
 * leaves the draft on the server.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { listPropertyIds, signInBroker } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker, waitForPath } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { startProperty } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each(fullMatrix)('signing out with an unsaved draft ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('asks first, keeps focus in the question, and saves the draft before logging out', async () => {
    const { page, errors, api, tokens, phoneNumber } = await openSignedInBroker(browser, variant);
    const address = variant.lang === 'he' ? 'הרצל 12' : '12 Herzl St';
    await startProperty(page, t, baseUrl, 'offices');
    // Typed and at once signing out: still inside the autosave's pause.
    await page.getByRole('textbox', { name: t.fields.address.label }).fill(address);

    const logOut = async () => {
      const button = page.getByRole('button', { name: t.layout.logout });
      // On a phone the menu is a drawer; after a cancel it is still open.
      if (variant.mobile && !(await button.isVisible())) {
        await page.getByRole('button', { name: t.layout.sidebar.open }).click();
      }
      await button.click();
    };
    await logOut();
    const dialog = page.getByRole('dialog', { name: t.wizard.signOut.title_one });
    await dialog.waitFor();
    await checkLayout(page, variant, 'sign-out question');
    await expectAccessible(page, 'sign-out question');
    await screenshot(page, variant, 'sign-out', 'unsaved-draft');
    // The recommended choice has the focus, and Tab never leaves the dialog.
    const save = dialog.getByRole('button', { name: t.wizard.signOut.save_one });
    await expect(save.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((box) => box.contains(document.activeElement))).resolves.toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('textbox', { name: t.fields.address.label }).inputValue()).resolves.toBe(
      address,
    );

    await logOut();
    await dialog.getByRole('button', { name: t.wizard.signOut.save_one }).click();
    await waitForPath(page, '/login');
    // The browser's session has ended (its tokens are refused once the sign-out lands); signed in
    // anew, the broker finds the draft on the server.
    const browserSession = () =>
      listPropertyIds(api, tokens).then(
        () => 'live',
        () => 'ended',
      );
    // The app leaves for /login first and revokes after, so the refusal comes one request later: on a
    // loaded machine that takes more than expect.poll's default second.
    await expect.poll(browserSession, { timeout: 10_000 }).toBe('ended');
    await expect(listPropertyIds(api, await signInBroker(api, phoneNumber))).resolves.toHaveLength(1);
    const stored = () => page.evaluate(() => localStorage.getItem('property-draft'));
    await expect.poll(stored).toBeNull();
    // Nothing the closed wizard still held is written back afterwards (past the autosave's pause).
    await page.waitForTimeout(1_000);
    await expect(stored()).resolves.toBeNull();
    expect(errors).toEqual([]);
  });
});
