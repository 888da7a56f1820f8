/**
 * How a listing is named, one rule for the view page, the share page, the client page of an
 * exposure request and the broker's own copy (issue 21): what the space is and where, read from the
 * fields the registry declares for it (property-fields.ts, `LISTING_DECLARATIONS`), which the
 * generated listing-names.ts carries to the list's first load without the registry. The pages
 * place the words; none of them names the fields.
 */
import { LISTING_NAME_KEYS, MAY_NAME_STREET_KEYS } from './generated/listing-names';
import type { PropertyFieldKey } from './property-fields';

type Keys = typeof LISTING_NAME_KEYS;
export type ListingNameRole = keyof Keys;
type FieldOf<Role extends ListingNameRole> = Keys[Role]['field'];

/**
 * What naming a listing in these roles reads of a property (a row, a list item, a draft): a
 * database row holds a choice as any string, so any string is taken.
 */
export type ListingNamed<Role extends ListingNameRole = ListingNameRole> = {
  readonly [R in Role as FieldOf<R>]?: string | null | undefined;
};

/** A listing's naming words: a choice's label, a text as written; null where unanswered. */
export type ListingName = Record<ListingNameRole, string | null>;

/** A choice's label in the page's language (fields.json's options of the field). */
export type OptionLabel = (field: PropertyFieldKey, value: string) => string;

const ROLES = Object.keys(LISTING_NAME_KEYS) as ListingNameRole[];

/** The field that names a listing in a role: for a page that asks the field's own label or limit. */
export function listingNameField<Role extends ListingNameRole>(role: Role): FieldOf<Role> {
  return LISTING_NAME_KEYS[role].field;
}

/** One role's word, or null: a text trimmed (blank is unanswered), a choice by its label. */
export function listingWord<Role extends ListingNameRole>(
  property: ListingNamed<Role>,
  role: Role,
  option: OptionLabel,
): string | null {
  const { field, choice } = LISTING_NAME_KEYS[role];
  const value = (property as Readonly<Record<string, unknown>>)[field];
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  return choice ? option(field, text) : text;
}

/** Every naming word of a property. */
export function listingName(property: ListingNamed, option: OptionLabel): ListingName {
  return Object.fromEntries(ROLES.map((role) => [role, listingWord(property, role, option)])) as ListingName;
}

/**
 * The place line, "רוטשילד 22, תל אביב-יפו": the street (when shown) and the city. A page that
 * withholds the street until the order is signed passes `withStreet` false.
 */
export function placeLine(name: Pick<ListingName, 'street' | 'where'>, withStreet = true): string {
  return [withStreet ? name.street : null, name.where].filter(Boolean).join(', ');
}

/** The street the broker's own words may give away (the listing's street, as the street-mention rule reads it). */
export function streetOf(property: ListingNamed<'street'>): string | null {
  return listingWord(property, 'street', () => '');
}

/** The free text of a property that may name its street (the registry's `mayNameStreet`). */
export const TEXTS_THAT_MAY_NAME_STREET: readonly PropertyFieldKey[] = MAY_NAME_STREET_KEYS;
