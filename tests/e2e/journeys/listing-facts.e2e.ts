/**
 * Issue 21, items 2 and 5: an industry property with every listing fact, seen where a broker edits
 * them (the wizard's general information and building steps) and where a client reads them (the view
 * page: key facts, deal terms, the description and the tour, framed lazily from a known host).
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { checkLayout, openSignedInBroker } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { fill, tr } from '../support/text';
import { fullMatrix, type Variant } from '../support/variants';
import { stepHeading } from '../support/wizard';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

describe.each(fullMatrix)('listing facts ($name)', (variant: Variant) => {
  const t = tr(variant.lang);

  it('are asked on their steps and read as a listing on the view page', async () => {
    const { page, context, errors, api, tokens } = await openSignedInBroker(browser, variant);
    const property = await createProperty(api, tokens, {
      status: 'published',
      wizardStep: 6,
      propertyKind: 'industry',
      usageCategories: ['lightIndustry'],
      city: 'קיסריה',
      address: variant.lang === 'he' ? 'הברזל 14' : '14 HaBarzel St',
      propertyCategory: 'industrialPark',
      buildingClass: 'classB',
      totalArea: 4200,
      marketingArea: 4200,
      divisible: true,
      minDivisibleArea: 1000,
      dealType: 'rentOrSale',
      askingRentPerSqm: 48,
      salePrice: 52_000_000,
      managementFeePerSqm: 4,
      arnonaPerSqm: 9.5,
      entryDate: '2027-03-01',
      description: 'אולם ייצור גבוה עם חצר פריקה פרטית.\nמשרדים בגלריה, עגורן גשר 10 טון.',
      tourLink: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
      floorsInBuilding: 2,
      floor: 0,
      accessibleForDisabled: true,
      hasParking: true,
      parkingSpaces: 24,
      truckAccess: ['semiTrailer'],
      passengerElevator: false,
      freightElevator: true,
      condition: 'finished',
      airConditioning: 'split',
      clearHeight: 9.5,
      loadingDocks: 4,
      floorLoad: 5,
      electricalCapacity: 630,
    });

    await page.goto(`${baseUrl}/properties/create?edit=${property.id}&step=generalInfo`);
    await stepHeading(page, t.wizard.steps.generalInfo.title).waitFor();
    await page.getByRole('textbox', { name: t.fields.managementFeePerSqm.label }).waitFor();
    await page.getByRole('heading', { name: t.wizard.listingFacts.dealTerms }).scrollIntoViewIfNeeded();
    await checkLayout(page, variant, 'deal terms');
    await expectAccessible(page, 'general information with the listing facts');
    await screenshot(page, variant, 'listing-facts', 'deal-terms');

    await page.goto(`${baseUrl}/properties/create?edit=${property.id}&step=buildingDetails`);
    await stepHeading(page, t.wizard.steps.buildingDetails.title).waitFor();
    const warehouse = page.getByRole('heading', { name: t.wizard.listingFacts.warehouse });
    await warehouse.scrollIntoViewIfNeeded();
    expect(await page.getByRole('textbox', { name: t.fields.clearHeight.label }).inputValue()).toBe('9.5');
    await checkLayout(page, variant, 'warehouse specs');
    await screenshot(page, variant, 'listing-facts', 'warehouse-specs');

    // The tour's host is outside this machine's reach: a stand-in page answers its player address,
    // so the journey sees exactly what the view page asks of the host, and when.
    const hostRequests: string[] = [];
    await context.route('https://my.matterport.com/**', (route) => {
      hostRequests.push(route.request().url());
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>player</title><body style="margin:0;background:#222"></body>',
      });
    });
    await page.goto(`${baseUrl}/properties/${property.id}`);
    await page.getByRole('heading', { level: 3, name: t.properties.view.sections.dealTerms }).waitFor();
    const play = page.getByRole('button', {
      name: fill(t.properties.view.tourPreview.play, { host: 'Matterport' }),
    });
    await play.scrollIntoViewIfNeeded();
    expect(await page.locator('iframe').count()).toBe(0);
    await checkLayout(page, variant, 'view page with the tour poster');
    await expectAccessible(page, 'view page with the tour poster');
    await screenshot(page, variant, 'listing-facts', 'tour-poster');
    expect(hostRequests).toEqual([]);

    await play.click();
    const tour = page.getByTitle(t.properties.view.tourTitle);
    await tour.waitFor();
    expect(await tour.getAttribute('src')).toBe('https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1');
    await expect.poll(() => hostRequests).toEqual(['https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1']);
    expect(await tour.evaluate((frame) => frame === document.activeElement)).toBe(true);
    await checkLayout(page, variant, 'view page with the tour playing');
    await screenshot(page, variant, 'listing-facts', 'tour-playing');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, variant, 'listing-facts', 'view-page');
    // Nothing thrown by the app's page, nor by the framed player's.
    expect(errors).toEqual([]);
  });
});
