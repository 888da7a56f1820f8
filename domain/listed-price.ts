/**
 * What a list row says a property costs: the asking rent (₪ per m² per month, as listings quote
 * it) unless the deal is a sale, the sale price unless the deal is a rent; a property offered either
 * way, or whose deal type is not given yet, states both. The registry declares which fields are the
 * listed prices (`listedPrice`) and when each is asked (`askedWhen`, property-fields.ts); this reads
 * them through the generated listing-names.ts, because the list's first load carries this and not
 * the registry (tests/domain/listed-price.test.ts holds the two equal).
 */
import type { FormatLanguage } from './format';
import { LISTED_PRICE_KEYS } from './generated/listing-names';
import type { PropertyFieldValues } from './property-fields';

type Quoted = keyof typeof LISTED_PRICE_KEYS;
type PricedField = {
  [Q in Quoted]: (typeof LISTED_PRICE_KEYS)[Q]['field'] | (typeof LISTED_PRICE_KEYS)[Q]['dealField'];
}[Quoted];

/** What the rule reads of a row: its deal type and its prices. */
export type PricedRow = { readonly [K in PricedField]?: PropertyFieldValues[K] | undefined };

export type ListedPrices = {
  /** `rent` ₪ per m² per month, `price` ₪; null when not given or not asked. */
  [Q in Quoted]: number | null;
};

/** A quoted price, or null when its deal type does not ask it (left from before a change) or it was not given. */
function quoted(row: PricedRow, which: Quoted): number | null {
  const { field, dealField, unless } = LISTED_PRICE_KEYS[which];
  const values = row as Readonly<Record<string, unknown>>;
  const value = values[field];
  return values[dealField] === unless || typeof value !== 'number' ? null : value;
}

/** The prices a row shows. */
export function listedPrices(row: PricedRow): ListedPrices {
  return { rent: quoted(row, 'rent'), price: quoted(row, 'price') };
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
