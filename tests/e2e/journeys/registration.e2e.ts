import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { type ApiClient, SAMPLE_BROKER, waitForCode } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, expectInLtrIsland, type Texts, typeCode, waitForPath } from '../support/flows';
import { nationalNumber, uniqueAddress, uniqueIsraeliPhone } from '../support/identities';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

async function fillPersonalDetails(page: Page, t: Texts, phone: string) {
  await page.getByRole('textbox', { name: t.auth.register.firstName }).fill(SAMPLE_BROKER.firstName);
  await page.getByRole('textbox', { name: t.auth.register.lastName }).fill(SAMPLE_BROKER.lastName);
  await page.getByRole('textbox', { name: t.auth.register.email }).fill(SAMPLE_BROKER.email);
  await page.getByRole('textbox', { name: t.auth.register.phone }).fill(nationalNumber(phone));
  await page.getByRole('checkbox', { name: t.auth.register.terms.replace(/<\/?terms>/g, '') }).check();
}

describe.each(fullMatrix)('registration ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('registers: personal details, the texted code, company details, the completion dialog, home', async () => {
    const clientAddress = uniqueAddress();
    const api: ApiClient = { baseUrl, clientAddress };
    const { page, errors } = await browser.open(variant, { clientAddress });
    const phone = uniqueIsraeliPhone();

    await page.goto(`${baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: t.auth.register.title }).waitFor();
    await expect(page.getByRole('progressbar').getAttribute('aria-label')).resolves.toBe(
      fill(t.auth.progress.label, { step: 1, total: 4 }),
    );
    await checkLayout(page, variant, 'register personal details');
    await expectAccessible(page, 'register: personal details');
    await screenshot(page, variant, 'register', 'empty');
    await fillPersonalDetails(page, t, phone);
    await screenshot(page, variant, 'register', 'personal-details');
    await page.getByRole('button', { name: t.auth.register.submit }).click();

    await waitForPath(page, '/auth/verify-otp');
    await page.getByRole('heading', { level: 1, name: t.auth.verify.registrationTitle }).waitFor();
    await expectInLtrIsland(page, phone.replace('+', ''));
    await checkLayout(page, variant, 'register verify');
    await expectAccessible(page, 'register: verify code');
    await screenshot(page, variant, 'register', 'verify');
    await typeCode(page, t, await waitForCode(api, phone));

    await waitForPath(page, '/register/verified');
    await page.getByRole('heading', { level: 1, name: t.auth.company.title }).waitFor();
    await checkLayout(page, variant, 'register company details');
    await expectAccessible(page, 'register: company details');
    await page.getByRole('textbox', { name: t.auth.company.companyName }).fill(SAMPLE_BROKER.companyName);
    await page.getByRole('combobox', { name: t.auth.company.companyType }).click();
    await page.getByRole('option', { name: t.options.companyType.brokerage }).click();
    await page.getByRole('textbox', { name: t.auth.company.position }).fill(SAMPLE_BROKER.position);
    await screenshot(page, variant, 'register', 'company-details');
    await page.getByRole('button', { name: t.auth.company.submit }).click();

    const dialog = page.getByRole('dialog', { name: t.auth.completion.title });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(t.auth.completion.message);
    await expectAccessible(page, 'register: completion dialog');
    await screenshot(page, variant, 'register', 'completion-dialog');
    // The dialog's corner × has the same name; the broker presses the labelled button.
    await dialog.getByRole('button', { name: t.auth.completion.close }).last().click();

    await waitForPath(page, /^\/(properties)?$/);
    await page.getByRole('heading', { level: 1, name: t.common.screens.properties }).waitFor();
    expect(errors).toEqual([]);
  });

  /** Step 1 done and the code sent: the verify screen's address, as the broker would come back to it. */
  async function leaveAtVerify(page: Page, phone: string): Promise<string> {
    await page.goto(`${baseUrl}/register`);
    await fillPersonalDetails(page, t, phone);
    await page.getByRole('button', { name: t.auth.register.submit }).click();
    await waitForPath(page, '/auth/verify-otp');
    await page.getByRole('heading', { level: 1, name: t.auth.verify.registrationTitle }).waitFor();
    const url = page.url();
    await page.close();
    return url;
  }

  it('comes back to a half-finished registration: start over, or continue where it stopped', async () => {
    const clientAddress = uniqueAddress();
    const api: ApiClient = { baseUrl, clientAddress };
    const first = await browser.open(variant, { clientAddress });
    const abandoned = await leaveAtVerify(first.page, uniqueIsraeliPhone());

    // A new tab later on: the registration in progress is offered before anything else.
    let page = await first.context.newPage();
    await page.goto(abandoned);
    let dialog = page.getByRole('dialog', { name: t.auth.resume.title });
    await dialog.waitFor();
    await expectAccessible(page, 'registration: resume dialog');
    await screenshot(page, variant, 'register-resume', 'dialog');
    await dialog.getByRole('button', { name: t.auth.resume.startOver, exact: true }).click();
    await waitForPath(page, '/register');
    await expect(page.getByRole('textbox', { name: t.auth.register.firstName }).inputValue()).resolves.toBe(
      '',
    );
    await page.close();

    const phone = uniqueIsraeliPhone();
    const second = await leaveAtVerify(await first.context.newPage(), phone);
    page = await first.context.newPage();
    await page.goto(second);
    dialog = page.getByRole('dialog', { name: t.auth.resume.title });
    await dialog.getByRole('button', { name: t.auth.resume.continue }).click();
    await dialog.waitFor({ state: 'hidden' });
    await typeCode(page, t, await waitForCode(api, phone));
    await waitForPath(page, '/register/verified');
    await page.getByRole('heading', { level: 1, name: t.auth.company.title }).waitFor();
    expect(first.errors).toEqual([]);
  });
});
