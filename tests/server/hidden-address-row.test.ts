import { listingNameField } from '@domain/listing-name';
import { describe, expect, it } from 'vitest';
import type { PropertyRow } from '../../server/repositories/property.repository';
import { propertyWithoutStreet } from '../../server/sharing/hidden-address';
import { renderSharePage } from '../../server/sharing/share-page.render';

/**
 * A link that hides the address gives the page a row without the street at all (the registry's
 * `revealedAfterOrder`), so no slip in the template can print it.
 */
describe('the row a link that hides the address gives its page', () => {
  const row = {
    propertyKind: 'offices',
    city: 'ראשון לציון',
    address: 'הרצל 12',
    description: 'משרדים מוארים. הכניסה מרחוב הרצל 12.',
    usageCategories: [],
    usageCategoriesOther: null,
  } as unknown as PropertyRow;

  it('has no street, and no sentence that names it', () => {
    const hidden = propertyWithoutStreet(row) as unknown as Record<string, unknown>;

    expect(hidden[listingNameField('street')]).toBeNull();
    expect(JSON.stringify(hidden)).not.toContain('הרצל');
    expect(JSON.stringify(hidden)).toContain('ראשון לציון');
  });

  it('keeps the street off a page even if the page were told to show it', () => {
    const page = renderSharePage({
      language: 'he',
      origin: 'https://share.example',
      token: 'token',
      property: propertyWithoutStreet(row),
      showExactAddress: true,
      photos: [],
      documents: [],
      broker: undefined,
    });

    expect(page).not.toContain('הרצל');
    expect(page).toContain('משרדים ב');
    expect(page).toContain('ראשון לציון');
  });
});
