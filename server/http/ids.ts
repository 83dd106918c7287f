import { z } from 'zod';

import { MAX_ID } from '../shared/id-range.js';

export { MAX_ID };

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

/** The same rule for zod schemas of JSON and GraphQL input. */
export const idSchema = z.number().int().positive().max(MAX_ID);
