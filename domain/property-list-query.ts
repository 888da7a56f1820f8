/**
 * The list as a tool (issue 21 item 4): what it sorts by, which ranges it filters on and which columns
 * it exports, each derived from the field registry's `listed`, `sort`, `filter` and `export` flags
 * (property-fields.ts; the derived tables are property-list-tables.ts, this module holds the address's
 * names, checked against them by the compiler). The server (repository, cursor, export) and the client
 * (address, sort control, filters panel) read these, so a new sortable, range-filtered or exported field is a flag in
 * the registry and `npm run gen` (it writes the contract's fields and the first load's names below).
 */
// The registry's names the first load needs, generated from it (npm run gen).
import type { LIST_FILTER_FIELDS } from './generated/property-list-filter-fields';
import { LIST_FILTERS, LISTED_AREA_KEYS, SORT_KEY_FIELDS } from './generated/property-list-names';
// Types only: the address parser below is in the list's first load and the registry is not (the
// registry-derived tables are property-list-tables.ts, read by the server).
import type { FieldUnit, ListFilterKind, PROPERTY_FIELDS, PropertyFieldKey } from './property-fields';

type Fields = typeof PROPERTY_FIELDS;
type FlaggedFor<Flag extends 'listed' | 'sort' | 'filter' | 'export'> = {
  [K in PropertyFieldKey]: Fields[K][Flag] extends false ? never : K;
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
  [K in FlaggedFor<'filter'>]: Fields[K]['filter'] extends { as: 'range' } ? K : never;
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

/**
 * The list's filters in their places, generated for the first load from the registry's `filter`
 * declarations (npm run gen; the server's table is property-list-filters.ts LIST_FILTER_ENTRIES):
 * every parameter, its parsing, the filters panel's inputs and the SQL follow from an entry's kind.
 */
export { LIST_FILTERS };
export type ListFilter = (typeof LIST_FILTERS)[number];
type FilterAs<As extends ListFilterKind> = Extract<ListFilter, { as: As }>;
/** The filters panel's table (a lazy chunk's, types only here): every filter named, each field flagged. */
type FilterFields = typeof LIST_FILTER_FIELDS;
const filtersAreAll: Exactly<FilterFields[keyof FilterFields]['field'], FlaggedFor<'filter'>> = true;
const filterNamesAreAll: Exactly<keyof FilterFields, ListFilter['name']> = true;
void filterNamesAreAll;
void filtersAreAll;

/** Range filters by the address's prefix (`areaMin`, `areaMax`, …): the registry's numbers flagged `filter`. */
export type PropertyRange = FilterAs<'range'>['name'];
const rangesAreAll: Exactly<PropertyRange, keyof RangeTable> = true;
void rangesAreAll;
const RANGE_FILTERS = LIST_FILTERS.filter((entry): entry is FilterAs<'range'> => entry.as === 'range');
export const PROPERTY_RANGE_KEYS: readonly PropertyRange[] = RANGE_FILTERS.map((entry) => entry.name);

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export interface RangeBounds {
  min?: number | undefined;
  max?: number | undefined;
}

/** What a filter other than a range holds once read: a list of options, one sought value, yes or no, a text. */
type AnswerValue<F extends ListFilter> = F extends { as: 'anyOf'; values: readonly (infer V)[] }
  ? readonly V[]
  : F extends { as: 'seeking'; values: readonly (infer V)[] }
    ? V
    : F extends { as: 'yesNo' }
      ? boolean
      : string;

/** An anyOf filter's options as the query holds them, under the parameter's plural (kind: kinds). */
type ListNameOfAnswer<F extends ListFilter> = F extends { as: 'anyOf' } ? `${F['name']}s` : F['name'];

/**
 * The list's filters beyond the spec's five buttons and the search, as the server's query holds
 * them: an anyOf filter's options under its plural (`kinds`), the others under their parameter,
 * the ranges by name.
 */
export type PropertyListRefinement = {
  [F in Exclude<ListFilter, { as: 'range' }> as ListNameOfAnswer<F>]?: AnswerValue<F> | undefined;
} & { ranges?: Partial<Record<PropertyRange, RangeBounds>> | undefined };

/** The refinement's key for a filter: an anyOf's list under the parameter's plural. */
export function refinementKeyOf(entry: { readonly as: ListFilterKind; readonly name: string }): string {
  return entry.as === 'anyOf' ? `${entry.name}s` : entry.name;
}

/** `offices,retail` → ['offices', 'retail']; unknown values dropped, duplicates once, catalogue order. */
export function parseChoices<Value extends string>(text: unknown, catalogue: readonly Value[]): Value[] {
  if (typeof text !== 'string' || text === '') return [];
  const asked = new Set(text.split(','));
  return catalogue.filter((value) => asked.has(value));
}

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

/** What a filter other than a range is in the address: a comma-separated list, a sought value, yes or no, a text. */
type ParamValue<F extends ListFilter> = F extends { as: 'seeking'; values: readonly (infer V)[] }
  ? V
  : F extends { as: 'yesNo' }
    ? boolean
    : string;

/**
 * The list's sort and refinements as the address and the API both spell them (the same names:
 * `?sort=price&order=asc&kind=offices,retail&city=חיפה&areaMin=100`). Defaults stay out.
 */
export type PropertyListView = {
  sort?: PropertySort | undefined;
  order?: PropertySortOrder | undefined;
} & { [F in Exclude<ListFilter, { as: 'range' }> as F['name']]?: ParamValue<F> | undefined } & {
  [Param in `${PropertyRange}Min` | `${PropertyRange}Max`]?: number | undefined;
};

/** The bound parameters of the ranges, in table order: areaMin, areaMax, rentMin, … */
export const PROPERTY_RANGE_PARAMS = PROPERTY_RANGE_KEYS.flatMap(
  (key) => [`${key}Min`, `${key}Max`] as const,
) as (`${PropertyRange}Min` | `${PropertyRange}Max`)[];

/** The contract's upper limit of each range: the field's own maximum (a contract test holds both). */
// Pure: a page that does not read the limits does not carry them.
export const PROPERTY_RANGE_LIMITS = /* @__PURE__ */ Object.fromEntries(
  RANGE_FILTERS.map((entry) => [entry.name, entry.max]),
) as Record<PropertyRange, number>;

function boundOf(value: unknown, limit: number): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 && number <= limit ? number : undefined;
}

/** A filter's value from the address, by its kind, or undefined when absent or malformed. */
function paramOf(entry: Exclude<ListFilter, { as: 'range' }>, raw: unknown): string | boolean | undefined {
  switch (entry.as) {
    case 'anyOf': {
      const chosen = parseChoices<string>(raw, entry.values);
      return chosen.length > 0 ? chosen.join(',') : undefined;
    }
    case 'seeking':
      return (entry.values as readonly unknown[]).includes(raw) ? (raw as string) : undefined;
    case 'yesNo': {
      // The router reads `?divisible=true` as a boolean; a hand-typed address may carry the word.
      const text = String(raw);
      return text === 'true' || text === 'false' ? text === 'true' : undefined;
    }
    case 'exactly': {
      const text = typeof raw === 'string' ? raw.trim().slice(0, entry.maxLength) : '';
      return text === '' ? undefined : text;
    }
  }
}

/**
 * A view from an address's raw search params: what is malformed or out of range is dropped (a
 * mistyped link still opens a usable list), an inverted range loses both ends, defaults are left out.
 */
export function parsePropertyListView(raw: Record<string, unknown>): PropertyListView {
  const view: Record<string, unknown> = {};
  if (isPropertySort(raw.sort) && raw.sort !== DEFAULT_PROPERTY_SORT) view.sort = raw.sort;
  if (isPropertySortOrder(raw.order) && raw.order !== DEFAULT_PROPERTY_SORT_ORDER) view.order = raw.order;
  for (const entry of LIST_FILTERS) {
    if (entry.as === 'range') {
      const min = boundOf(raw[`${entry.name}Min`], entry.max);
      const max = boundOf(raw[`${entry.name}Max`], entry.max);
      if (min !== undefined && max !== undefined && min > max) continue;
      if (min !== undefined) view[`${entry.name}Min`] = min;
      if (max !== undefined) view[`${entry.name}Max`] = max;
      continue;
    }
    const value = paramOf(entry, raw[entry.name]);
    if (value !== undefined) view[entry.name] = value;
  }
  return view as PropertyListView;
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
