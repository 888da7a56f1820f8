/**
 * The list's tables derived from the field registry's flags (property-fields.ts): what it sorts by,
 * which ranges it filters on, which fields a row carries and which it exports. Read by the server and
 * the lazily loaded list tools; the first load's address parser (property-list-query.ts) reads the
 * sort keys from domain/generated/ (written from these by `npm run gen`) and names the range keys
 * itself, held to these by the compiler and a contract test.
 */
import {
  type FieldType,
  fieldSpec,
  fieldsWhere,
  LISTING_NAME_FIELDS,
  type PropertyFieldKey,
} from './property-fields';
import type {
  ExportColumn,
  ExportedField,
  ExportFormat,
  ListedField,
  RangeField,
  RangeTable,
  SortTable,
} from './property-list-query';

/** The registry's fields a list row carries (the contract's PropertyListItem), in its order. */
export const LISTED_FIELDS = fieldsWhere((spec) => spec.listed) as readonly ListedField[];

/** The name the address and the API give a field's sort, range or filter: the registry's `listNames`, else its key. */
export function listNameOf(key: PropertyFieldKey, use: 'sort' | 'range' | 'filter'): string {
  return fieldSpec(key).listNames?.[use] ?? key;
}

/**
 * Sort keys as the address and the API spell them, and the field each sorts by: the last update,
 * the registry's fields flagged `sort`, and the completion score. Rent (₪ per m² a month) and sale
 * price (₪) are never compared with each other: each is a sort of its own, and a property without
 * the value goes last in both directions.
 */
export const PROPERTY_SORTS = {
  updatedAt: 'updatedAt',
  ...Object.fromEntries(fieldsWhere((spec) => spec.sort).map((key) => [listNameOf(key, 'sort'), key])),
  completion: 'dataCompletion',
} as SortTable;

const RANGE_FIELDS = fieldsWhere(
  (spec) => spec.filter !== false && spec.filter.as === 'range',
) as RangeField[];

/**
 * Range filters: the parameter prefix (`areaMin`, `areaMax`, …) and the field it bounds, both ends
 * inclusive: the registry's numbers flagged `filter`. Rent and price each bound their own field; the
 * deal type filter says which of them a broker means.
 */
export const PROPERTY_RANGE_FILTERS = Object.fromEntries(
  RANGE_FIELDS.map((key) => [listNameOf(key, 'range'), key]),
) as RangeTable;

const EXPORT_FORMATS = {
  choice: 'option',
  choices: 'options',
  text: 'text',
  link: 'text',
  date: 'date',
  number: 'number',
  integer: 'number',
  boolean: 'yesNo',
} as const satisfies Record<FieldType, ExportFormat>;

/**
 * A spreadsheet row is read from where the property is: its street and city (the listing's `street`
 * and `where`) lead, as on the list's rows, whatever order the wizard asks them in.
 */
const LEADING_EXPORT_FIELDS = [LISTING_NAME_FIELDS.street, LISTING_NAME_FIELDS.where] as const;

/**
 * The registry's fields flagged `export`: the street and city, then the list's own columns (as a
 * broker reads a row), then the other facts, each in the registry's order.
 */
export const EXPORTED_FIELDS = [
  ...LEADING_EXPORT_FIELDS,
  ...fieldsWhere(
    (spec, key) => spec.export && spec.listed && !(LEADING_EXPORT_FIELDS as readonly string[]).includes(key),
  ),
  ...fieldsWhere((spec) => spec.export && !spec.listed),
] as readonly ExportedField[];

/**
 * The export's columns, in order: the registry's exported fields, then the list's own status,
 * completion and last update. Headers are the fields' labels (`fields:<key>`, one label per field)
 * with the unit's words, read by the server in the user's language.
 */
export const PROPERTY_EXPORT_COLUMNS: readonly ExportColumn[] = [
  ...EXPORTED_FIELDS.map((field) => {
    const spec = fieldSpec(field);
    return { field, format: EXPORT_FORMATS[spec.type], unit: spec.unit };
  }),
  { field: 'status', format: 'status' },
  { field: 'dataCompletion', format: 'percent' },
  { field: 'updatedAt', format: 'dateTime' },
];
