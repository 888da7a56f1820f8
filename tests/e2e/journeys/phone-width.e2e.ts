/**
 * On a phone no signed-in page scrolls sideways, in either language: neither the document nor a part
 * of it (the overview cards and the filter buttons of /properties were rows that did, at 390 px).
 */
import { describe, expect, it } from 'vitest';
import { publishedOffice } from '../../support/sample-properties';
import { createProperty } from '../support/api';
import { browserForFile } from '../support/browser';
import { expectNothingScrollsSideways, openSignedInBroker } from '../support/flows';
import { journeyServerUrl } from '../support/journey-server';
import { screenshot } from '../support/screenshots';
import { enMobile, heMobile, type Variant } from '../support/variants';

const browser = browserForFile();
const baseUrl = journeyServerUrl();

/** Every page of the signed-in app; the property's own page is added once a property exists. */
const PAGES = [
  '/',
  '/properties',
  '/dashboard',
  '/drafts',
  '/exposure-requests',
  '/profile',
  '/matches',
  '/messages',
  '/tasks',
  '/transactions',
  '/history',
  '/properties/create',
];

describe.each([heMobile, enMobile])('the signed-in pages on a phone ($name)', (variant: Variant) => {
  it('fit the screen: none scrolls sideways', async () => {
    const { page, errors, api, tokens } = await openSignedInBroker(browser, variant);
    const property = await createProperty(api, tokens, publishedOffice());
    for (const path of [...PAGES, `/properties/${property.id}`]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Lazily loaded parts (a list's rows, the overview's figures) come after the heading.
      await page.waitForLoadState('networkidle');
      await expectNothingScrollsSideways(page, path);
      if (path === '/properties') await screenshot(page, variant, 'phone-width', 'properties');
    }
    expect(errors).toEqual([]);
  });
});
