/**
 * What a list row says a property costs: the asking rent (₪ per m² per month, as listings quote
 * it) unless the deal is a sale, the sale price unless the deal is a rent; a property offered either
 * way, or whose deal type is not given yet, states both. The same rule as the registry's `askedWhen`
 * for the two prices (property-fields.ts; tests/domain/listed-price.test.ts holds them equal), written
 * out because the list's first load carries this and not the registry.
 */
import type { FormatLanguage } from './format';
import type { DealType } from './property-options';

/** The fields the rule reads, for a view that picks a row's fields by name (the local draft's). */
export const PRICED_FIELDS = ['dealType', 'askingRentPerSqm', 'salePrice'] as const;

export interface PricedRow {
  dealType?: DealType | null | undefined;
  askingRentPerSqm?: number | null | undefined;
  salePrice?: number | null | undefined;
}

export interface ListedPrices {
  /** ₪ per m² per month. */
  rent: number | null;
  /** ₪. */
  price: number | null;
}

/** The prices a row shows: a price its deal type does not ask (left from before a change) is not one. */
export function listedPrices(row: PricedRow): ListedPrices {
  const rent = row.dealType === 'sale' ? null : (row.askingRentPerSqm ?? null);
  const price = row.dealType === 'rent' ? null : (row.salePrice ?? null);
  return { rent, price };
}

const LOCALES = { he: 'he-IL', en: 'en-IL' } as const satisfies Record<FormatLanguage, string>;

/**
 * A rate per m² keeps its agorot (arnona at 9.50, a fee at 12.75: rounding to whole shekels would
 * misquote them by up to 5%); a whole rate is written without them. Used by field-text.ts for every
 * rate and by the list for the rent.
 */
export function formatShekelRate(value: number, language: FormatLanguage): string {
  const fraction = Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'ILS',
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(value);
}
