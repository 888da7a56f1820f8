import { fieldSpec, type PropertyFieldKey } from '@domain/property-fields';
import type { PropertySort, PropertySortOrder } from '@domain/property-list-query';
import { PROPERTY_SORTS } from '@domain/property-list-tables';
import type { ListCursor } from '../repositories/property-list.repository';

/** updated_at as PostgreSQL prints a timestamptz (`2025-03-01 09:00:00.123456+00`), nothing else. */
const STORED_TIME =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A numeric column as PostgreSQL prints it; amounts are never negative. */
const STORED_NUMBER = /^\d{1,15}(\.\d{1,10})?$/;

/**
 * The `after` cursor of the list: the sort and order it belongs to, the last row's sort value as the
 * database printed it (exact: a JS Date keeps milliseconds, a timestamptz microseconds) and its id,
 * as base64url JSON so it is one opaque query-string token. It says where a page starts, never who
 * may see what: the query that reads it is scoped to the signed-in owner like any other.
 */
export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id]), 'utf8').toString(
    'base64url',
  );
}

export type CursorProblem = 'malformed' | 'otherSort';

/**
 * The cursor for a list read under `sort` and `order`, or what is wrong with it (the caller answers
 * 400): anything this server did not make, or one made for another sort or order.
 */
export function decodeListCursor(
  text: string,
  sort: PropertySort,
  order: PropertySortOrder,
): ListCursor | CursorProblem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return 'malformed';
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return 'malformed';
  const [cursorSort, cursorOrder, value, id] = parsed as unknown[];
  if (typeof id !== 'string' || !UUID.test(id)) return 'malformed';
  if (cursorSort !== sort || cursorOrder !== order) {
    return typeof cursorSort === 'string' && typeof cursorOrder === 'string' ? 'otherSort' : 'malformed';
  }
  if (!valueFits(sort, value)) return 'malformed';
  return { sort, order, value: value as string | null, id };
}

function valueFits(sort: PropertySort, value: unknown): boolean {
  if (sort === 'updatedAt') return typeof value === 'string' && isStoredTime(value);
  if (sort === 'completion') return typeof value === 'string' && /^\d{1,3}$/.test(value);
  if (value === null) return true;
  if (typeof value !== 'string') return false;
  // A registry field's value, checked by its type: a text within its length (generously: what the
  // database prints may be escaped), a day, or a number.
  const spec = fieldSpec(PROPERTY_SORTS[sort] as PropertyFieldKey);
  if (spec.type === 'text') return value.length <= (spec.maxLength ?? 0) * 4;
  if (spec.type === 'date') return isStoredDay(value);
  return STORED_NUMBER.test(value);
}

/** A date column as PostgreSQL prints it (`2027-03-01`), of a day that exists (else a 500 mid-query). */
function isStoredDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, mo, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The shape is not enough: `2025-13-45 99:99:99+00` has it, and PostgreSQL refused it mid-query
 * (a 500). Every field must be in range and the date must exist.
 */
function isStoredTime(text: string): boolean {
  const match = STORED_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, , offsetHours, offsetMinutes = '0', offsetSeconds = '0'] =
    match.slice(1).map((part) => part ?? '');
  const [y, mo, d] = [Number(year), Number(month), Number(day)];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    Number(offsetHours) <= 15 &&
    Number(offsetMinutes || '0') < 60 &&
    Number(offsetSeconds || '0') < 60
  );
}
