import { formatShekelRate, listedPrices } from '@domain/listed-price';
import { isAsked } from '@domain/property-fields';
import { DEAL_TYPES } from '@domain/property-options';
import { describe, expect, it } from 'vitest';

describe('the prices a list row states', () => {
  it.each([...DEAL_TYPES, null])(
    'states a price exactly when the wizard asks it (deal type %s)',
    (dealType) => {
      const row = { dealType, askingRentPerSqm: 85, salePrice: 12_500_000 };
      const shown = listedPrices(row);
      expect(shown.rent !== null).toBe(isAsked('askingRentPerSqm', row));
      expect(shown.price !== null).toBe(isAsked('salePrice', row));
    },
  );

  it('leaves a price out when the deal type no longer asks it, and says nothing it was not given', () => {
    expect(listedPrices({ dealType: 'sale', askingRentPerSqm: 85, salePrice: 9_000_000 })).toEqual({
      rent: null,
      price: 9_000_000,
    });
    expect(listedPrices({ dealType: 'rent', askingRentPerSqm: 85, salePrice: 9_000_000 })).toEqual({
      rent: 85,
      price: null,
    });
    expect(listedPrices({ dealType: 'rentOrSale', askingRentPerSqm: null, salePrice: null })).toEqual({
      rent: null,
      price: null,
    });
  });

  it('quotes a rate with its agorot only when it has them', () => {
    const plain = (text: string) => text.replace(/[\u200e\u200f]/g, '').replace(/\s/g, ' ');
    expect(plain(formatShekelRate(85, 'en'))).toBe('₪85');
    expect(plain(formatShekelRate(9.5, 'en'))).toBe('₪9.50');
    expect(plain(formatShekelRate(85, 'he'))).toBe('85 ₪');
  });
});
