/**
 * The list as a tool (issue 21 item 4): what it sorts by, which ranges it filters on and which columns
 * it exports, each derived from the field registry's `listed`, `sort`, `filter` and `export` flags
 * (property-fields.ts; the derived tables are property-list-tables.ts, this module holds the address's
 * names, checked against them by the compiler). The server (repository, cursor, export) and the client
 * (address, sort control, filters panel) read these, so a new sortable, range-filtered or exported field is a flag in
 * the registry and `npm run gen` (it writes the contract's fields and the first load's names below).
 */
// The registry's names the first load needs, generated from it (npm run gen).
import { LISTED_AREA_KEYS, SORT_KEY_FIELDS } from './generated/property-list-names';
// Types only: the address parser below is in the list's first load and the registry is not (the
// registry-derived tables are property-list-tables.ts, read by the server).
import type { FieldUnit, PROPERTY_FIELDS, PropertyFieldKey } from './property-fields';
import {
  type DealType,
  PROPERTY_CONDITIONS,
  PROPERTY_KINDS,
  type PropertyCondition,
  type PropertyKind,
} from './property-options';

type Fields = typeof PROPERTY_FIELDS;
type FlaggedFor<Flag extends 'listed' | 'sort' | 'filter' | 'export'> = {
  [K in PropertyFieldKey]: Fields[K][Flag] extends true ? K : never;
}[PropertyFieldKey];
/** The name the address gives a field's sort or range: the registry's `listNames`, else its key. */
export type ListNameOf<K extends PropertyFieldKey, Use extends 'sort' | 'range'> = Fields[K] extends {
  listNames: { [U in Use]: infer Name extends string };
}
  ? Name
  : K;

/** The registry's fields a list row carries (the contract's PropertyListItem), in its order. */
export type ListedField = FlaggedFor<'listed'>;
export type ExportedField = FlaggedFor<'export'>;

/** The registry's listed areas (unit m²): a row's area figures. */
export type ListedAreaField = {
  [K in ListedField]: Fields[K] extends { unit: 'sqm' } ? K : never;
}[ListedField];

/**
 * The areas a list row shows, each a column of the table and a figure of the phone card (the local
 * draft's row and card too), in the registry's order: generated for the first load like the sorts,
 * held to the registry's listed m² fields by the compiler both ways and by
 * tests/contract/list-area-fields.test.ts (their order).
 */
export const LIST_AREA_FIELDS = LISTED_AREA_KEYS satisfies readonly ListedAreaField[];
export type ListAreasAreAll =
  Exclude<ListedAreaField, (typeof LIST_AREA_FIELDS)[number]> extends never ? true : never;
const listAreasAreAll: ListAreasAreAll = true;
void listAreasAreAll;

/** The registry's fields the list sorts by. */
export type SortedField = FlaggedFor<'sort'>;
/** The registry's numbers the list filters by a range (both ends inclusive). */
export type RangeField = {
  [K in FlaggedFor<'filter'>]: Fields[K]['type'] extends 'number' | 'integer' ? K : never;
}[FlaggedFor<'filter'>];

/** A field the list can sort or filter by: the registry's, and the list's own update time and completion. */
export type ListField = 'updatedAt' | 'dataCompletion' | SortedField | RangeField;

export type SortTable = { updatedAt: 'updatedAt'; completion: 'dataCompletion' } & {
  [K in SortedField as ListNameOf<K, 'sort'>]: K;
};

export type PropertySort = keyof SortTable;
/**
 * The sort keys and their fields, generated for the first load (the registry stays out of it):
 * `satisfies SortTable` and the check below hold them to the registry's `sort` flags both ways (a
 * missing or an extra key does not compile), and the server reads the derived PROPERTY_SORTS
 * (property-list-tables.ts).
 */
export const PROPERTY_SORT_FIELDS = SORT_KEY_FIELDS satisfies SortTable;
const sortKeysAreAll: Exactly<keyof typeof PROPERTY_SORT_FIELDS, keyof SortTable> = true;
void sortKeysAreAll;
export const PROPERTY_SORT_KEYS = Object.keys(PROPERTY_SORT_FIELDS) as PropertySort[];
export const PROPERTY_SORT_ORDERS = ['asc', 'desc'] as const;
export type PropertySortOrder = (typeof PROPERTY_SORT_ORDERS)[number];

/** Without a choice: the last updated first. */
export const DEFAULT_PROPERTY_SORT: PropertySort = 'updatedAt';
export const DEFAULT_PROPERTY_SORT_ORDER: PropertySortOrder = 'desc';

export function isPropertySort(value: unknown): value is PropertySort {
  return PROPERTY_SORT_KEYS.includes(value as PropertySort);
}

export function isPropertySortOrder(value: unknown): value is PropertySortOrder {
  return PROPERTY_SORT_ORDERS.includes(value as PropertySortOrder);
}

export type RangeTable = { [K in RangeField as ListNameOf<K, 'range'>]: K };

/** Range filters by the address's prefix (`areaMin`, `areaMax`, …): the registry's numbers flagged `filter`. */
export type PropertyRange = keyof RangeTable;
export const PROPERTY_RANGE_KEYS = ['area', 'rent', 'price'] as const satisfies readonly PropertyRange[];
const rangeKeysAreAll: Exclude<PropertyRange, (typeof PROPERTY_RANGE_KEYS)[number]> extends never
  ? true
  : never = true;
void rangeKeysAreAll;

/** The registry's answers (not numbers) flagged `filter`: each is a parameter of its own, below. */
type AnswerFilterField = Exclude<FlaggedFor<'filter'>, RangeField>;
/** The address's and the API's parameter for each: a flag set without one does not compile. */
type AnswerFilterParams = {
  propertyKind: 'kind';
  city: 'city';
  dealType: 'dealType';
  divisible: 'divisible';
  condition: 'condition';
};
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AssertTrue<T extends true> = T;
export type AnswerFiltersAreAll = AssertTrue<Exactly<AnswerFilterField, keyof AnswerFilterParams>>;

export interface RangeBounds {
  min?: number | undefined;
  max?: number | undefined;
}

/**
 * What a client asks a broker for: a space to rent or to buy. A property offered for rent or sale
 * answers both; one whose deal type is not given answers neither (docs/decisions.md, issue 21).
 */
export const LIST_DEAL_TYPES = ['rent', 'sale'] as const;
export type ListDealType = (typeof LIST_DEAL_TYPES)[number];

/** The stored deal types a filter's deal type matches. */
export const DEAL_TYPES_MATCHING = {
  rent: ['rent', 'rentOrSale'],
  sale: ['sale', 'rentOrSale'],
} as const satisfies Record<ListDealType, readonly DealType[]>;

export function isListDealType(value: unknown): value is ListDealType {
  return LIST_DEAL_TYPES.includes(value as ListDealType);
}

/** The list's filters beyond the spec's five buttons and the search (all in the address). */
export interface PropertyListRefinement {
  kinds?: readonly PropertyKind[] | undefined;
  dealType?: ListDealType | undefined;
  /** Yes or no; a property that does not say matches neither. */
  divisible?: boolean | undefined;
  conditions?: readonly PropertyCondition[] | undefined;
  city?: string | undefined;
  ranges?: Partial<Record<PropertyRange, RangeBounds>> | undefined;
}

/** The longest city the filter takes (the contract's `city` maxLength, as FILTER_FIELDS.city). */
export const PROPERTY_CITY_FILTER_MAX_LENGTH = 80;

/** `offices,retail` → ['offices', 'retail']; unknown values dropped, duplicates once, catalogue order. */
function parseChoices<Value extends string>(text: unknown, catalogue: readonly Value[]): Value[] {
  if (typeof text !== 'string' || text === '') return [];
  const asked = new Set(text.split(','));
  return catalogue.filter((value) => asked.has(value));
}

export const parseKinds = (text: string | undefined): PropertyKind[] => parseChoices(text, PROPERTY_KINDS);
export const parseConditions = (text: string | undefined): PropertyCondition[] =>
  parseChoices(text, PROPERTY_CONDITIONS);

/** Ranges whose lower end is above the upper end (the caller answers 400 or drops them). */
export function invertedRanges(ranges: PropertyListRefinement['ranges']): PropertyRange[] {
  return PROPERTY_RANGE_KEYS.filter((key) => {
    const bounds = ranges?.[key];
    return bounds?.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max;
  });
}

/** Page sizes the list offers; the spec's 5 is the default. */
export const PROPERTY_PAGE_SIZES = [5, 10, 25, 50] as const;
export type PropertyPageSize = (typeof PROPERTY_PAGE_SIZES)[number];
export const DEFAULT_PROPERTY_PAGE_SIZE: PropertyPageSize = 5;

export function isPropertyPageSize(value: unknown): value is PropertyPageSize {
  return PROPERTY_PAGE_SIZES.includes(value as PropertyPageSize);
}

/**
 * How an exported cell is written: Excel reads numbers and dates as such, the rest as text. A
 * field's format follows its registry type: a choice is its option label in the reader's language.
 */
export type ExportFormat =
  | 'text'
  | 'number'
  | 'percent'
  | 'date'
  | 'dateTime'
  | 'option'
  | 'options'
  | 'yesNo'
  | 'status';

export interface ExportColumn {
  /** The list row's field. */
  field: PropertyFieldKey | 'status' | 'dataCompletion' | 'updatedAt';
  format: ExportFormat;
  /** A number's unit, named in the header. */
  unit?: FieldUnit | undefined;
}

/**
 * The list's sort and refinements as the address and the API both spell them (the same names:
 * `?sort=price&order=asc&kind=offices,retail&city=חיפה&areaMin=100`). Defaults stay out.
 */
export type PropertyListView = {
  sort?: PropertySort | undefined;
  order?: PropertySortOrder | undefined;
  kind?: string | undefined;
  dealType?: ListDealType | undefined;
  divisible?: boolean | undefined;
  condition?: string | undefined;
  city?: string | undefined;
} & { [Param in `${PropertyRange}Min` | `${PropertyRange}Max`]?: number | undefined };

/** The bound parameters of the ranges, in table order: areaMin, areaMax, rentMin, … */
export const PROPERTY_RANGE_PARAMS = PROPERTY_RANGE_KEYS.flatMap(
  (key) => [`${key}Min`, `${key}Max`] as const,
) as (`${PropertyRange}Min` | `${PropertyRange}Max`)[];

/** The contract's upper limit of each range: the field's own maximum (a contract test holds both). */
export const PROPERTY_RANGE_LIMITS = {
  area: 1_000_000,
  rent: 10_000,
  price: 10_000_000_000,
} as const satisfies Record<PropertyRange, number>;

function boundOf(value: unknown, limit: number): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 && number <= limit ? number : undefined;
}

/**
 * A view from an address's raw search params: what is malformed or out of range is dropped (a
 * mistyped link still opens a usable list), an inverted range loses both ends, defaults are left out.
 */
export function parsePropertyListView(raw: Record<string, unknown>): PropertyListView {
  const view: PropertyListView = {};
  if (isPropertySort(raw.sort) && raw.sort !== DEFAULT_PROPERTY_SORT) view.sort = raw.sort;
  if (isPropertySortOrder(raw.order) && raw.order !== DEFAULT_PROPERTY_SORT_ORDER) view.order = raw.order;
  const kinds = parseChoices(raw.kind, PROPERTY_KINDS);
  if (kinds.length > 0) view.kind = kinds.join(',');
  if (isListDealType(raw.dealType)) view.dealType = raw.dealType;
  // The router reads `?divisible=true` as a boolean; a hand-typed address may carry the word.
  const divisible = String(raw.divisible);
  if (divisible === 'true' || divisible === 'false') view.divisible = divisible === 'true';
  const conditions = parseChoices(raw.condition, PROPERTY_CONDITIONS);
  if (conditions.length > 0) view.condition = conditions.join(',');
  const city = typeof raw.city === 'string' ? raw.city.trim().slice(0, PROPERTY_CITY_FILTER_MAX_LENGTH) : '';
  if (city !== '') view.city = city;
  for (const key of PROPERTY_RANGE_KEYS) {
    const min = boundOf(raw[`${key}Min`], PROPERTY_RANGE_LIMITS[key]);
    const max = boundOf(raw[`${key}Max`], PROPERTY_RANGE_LIMITS[key]);
    if (min !== undefined && max !== undefined && min > max) continue;
    if (min !== undefined) view[`${key}Min`] = min;
    if (max !== undefined) view[`${key}Max`] = max;
  }
  return view;
}

/**
 * Whether a view narrows the list at all (anything but its order): the list's empty state. The filters
 * button's count is list-refinement-count.ts, loaded with the list's tools.
 */
export function isRefined(view: PropertyListView): boolean {
  return Object.entries(view).some(
    ([key, value]) => value !== undefined && key !== 'sort' && key !== 'order',
  );
}
