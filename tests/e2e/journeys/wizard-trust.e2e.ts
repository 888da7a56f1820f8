/**
 * Issue 19, "the wizard a broker can trust": each defect a broker met, walked in the browser.
 * - step 6 said "all required fields are filled in" beside a box of gaps and a disabled "publish";
 * - a building with no transport or parking nearby could never be published;
 * - a draft saved to the server vanished on reload (the address stayed /properties/create);
 * - browser back left the wizard instead of going to the previous step.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { listPropertyIds } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { CITY, fillGeneralInfo, KIND_ANSWERS, next, startProperty, stepHeading } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

async function signedInBroker(variant: Variant) {
  const journey = await openSignedInBroker(browser, variant);
  return { ...journey, listIds: () => listPropertyIds(journey.api, journey.tokens) };
}

describe.each(fullMatrix)('the wizard a broker can trust ($name)', (variant: Variant) => {
  const t = tr(variant.lang);
  const w = t.wizard;
  const status = (page: import('playwright-core').Page) => page.getByTestId('wizard-status');
  const answer = async (page: import('playwright-core').Page, field: string, yes: boolean) =>
    page
      .getByRole('radiogroup', { name: field })
      .getByRole('radio', { name: yes ? t.options.yesNo.yes : t.options.yesNo.no, exact: true })
      .check();

  it('says what is missing where publishing says it, and publishes a building with no transport nearby', async () => {
    const { page, errors } = await signedInBroker(variant);
    await startProperty(page, t, baseUrl, 'industry');
    await fillGeneralInfo(page, t, {
      kind: 'industry',
      city: CITY[variant.lang],
      address: variant.lang === 'he' ? 'המלאכה 8' : '8 HaMelacha St',
      totalArea: '900',
      marketingArea: '900',
      ...KIND_ANSWERS.industry,
    });
    await next(page, t);
    await stepHeading(page, w.steps.buildingDetails.title).waitFor();
    // Truck access, nearby parking and public transport are all left out.
    await answer(page, t.fields.accessibleForDisabled.label, false);
    await answer(page, t.fields.passengerElevator.label, false);
    await answer(page, t.fields.freightElevator.label, true);
    await answer(page, t.fields.hasParking.label, false);
    await next(page, t);
    await stepHeading(page, w.steps.environmentTransport.title).waitFor();
    await next(page, t);
    await stepHeading(page, w.steps.mediaDocuments.title).waitFor();
    await next(page, t);
    await stepHeading(page, w.steps.review.title).waitFor();

    // Only truck access keeps it from publishing, and every part of the screen says so.
    await expect(status(page).textContent()).resolves.toContain(w.status.missing_one);
    const publish = page.getByRole('button', { name: w.actions.publish, exact: true });
    await expect(publish.getAttribute('aria-disabled')).resolves.toBe('true');
    const problems = page.getByRole('note', { name: w.review.problemsTitle });
    await expect(problems.getByRole('listitem').count()).resolves.toBe(1);
    await checkLayout(page, variant, 'wizard review with a gap');
    await expectAccessible(page, 'wizard: review with a gap');
    await screenshot(page, variant, 'wizard-trust', 'review-gap');

    await problems.getByRole('button').first().click();
    await stepHeading(page, w.steps.buildingDetails.title).waitFor();
    const trucks = page.getByRole('group', { name: t.fields.truckAccess.label });
    await trucks.getByText(t.fields.truckAccess.options.none, { exact: true }).click();
    await next(page, t);
    await next(page, t);
    await next(page, t);
    await stepHeading(page, w.steps.review.title).waitFor();
    await expect(status(page).textContent()).resolves.toContain(w.status.noneMissing);
    await expect(publish.getAttribute('aria-disabled')).resolves.toBeNull();
    await screenshot(page, variant, 'wizard-trust', 'review-ready');
    await publish.click();
    await page.waitForURL((url) => url.pathname === '/properties', { timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  it('keeps a saved draft in the address: a reload opens the same draft, a second save adds none', async () => {
    const { page, errors, listIds } = await signedInBroker(variant);
    const address = variant.lang === 'he' ? 'הנמל 3' : '3 HaNamal St';
    await startProperty(page, t, baseUrl, 'logistics');
    await page.getByRole('textbox', { name: t.fields.address.label }).fill(address);
    await page.getByRole('button', { name: w.actions.saveDraft }).click();
    await page.waitForURL((url) => url.searchParams.get('draft') !== null);
    const draftId = new URL(page.url()).searchParams.get('draft');
    expect(new URL(page.url()).searchParams.get('step')).toBe('generalInfo');

    await page.reload();
    await stepHeading(page, w.steps.generalInfo.title).waitFor();
    await expect(page.getByRole('textbox', { name: t.fields.address.label }).inputValue()).resolves.toBe(
      address,
    );
    expect(new URL(page.url()).searchParams.get('draft')).toBe(draftId);

    await page.getByRole('textbox', { name: t.fields.address.label }).fill(`${address}א`);
    await page.getByRole('button', { name: w.actions.saveDraft }).click();
    await page.getByText(w.toasts.draftSaved).last().waitFor();
    await expect(listIds()).resolves.toEqual([draftId]);
    expect(errors).toEqual([]);
  });

  it('moves between steps with the browser back and forward, and a link to a later step stops where it may', async () => {
    const { page, errors } = await signedInBroker(variant);
    await startProperty(page, t, baseUrl, 'offices');

    await page.goBack();
    await stepHeading(page, w.steps.kind.title).waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('kind');
    await page.goForward();
    await stepHeading(page, w.steps.generalInfo.title).waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('generalInfo');

    // Step 2 is not answered, so the review cannot be reached: the wizard stays on step 2.
    await page.goto(`${baseUrl}/properties/create?step=review`);
    await stepHeading(page, w.steps.generalInfo.title).waitFor();
    await page.waitForURL((url) => url.searchParams.get('step') === 'generalInfo');
    expect(errors).toEqual([]);
  });
});
