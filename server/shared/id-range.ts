/** Ids are PostgreSQL `integer` (serial) columns: a larger number names no row and must not reach a query. Free of imports, so widgets may use it (and parseId below, with no schema library). */
export const MAX_ID = 2_147_483_647;

/**
 * A stored id from a path segment, a query parameter, a form field or a JSON value: digits only
 * (no sign, no leading zero, no decimals), positive, within the column's range; null otherwise.
 */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : raw;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
