import type { ListCursor } from '../repositories/property-list.repository';

/** created_at as PostgreSQL prints a timestamptz (`2025-03-01 09:00:00.123456+00`), nothing else. */
const STORED_TIME =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `after` cursor of the list: the last row's exact time and id, base64url so it is one opaque
 * query-string token. It says where a page starts, never who may see what: the query that reads it
 * is scoped to the signed-in owner like any other.
 */
export function encodeListCursor(row: { cursorTime: string; id: string }): string {
  return Buffer.from(`${row.cursorTime}|${row.id}`, 'utf8').toString('base64url');
}

/** null for anything this server did not make (the caller answers 400). */
export function decodeListCursor(cursor: string): ListCursor | null {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !isStoredTime(createdAt) || !UUID.test(id)) return null;
  return { createdAt, id };
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
