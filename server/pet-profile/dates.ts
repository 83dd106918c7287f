import { estimatedFromParts, type DateParts } from '../shared/pet-profile-rules.js';

export type DatePrecision = 'day' | 'month' | 'year';

export interface StoredDate {
  /** YYYY-MM-DD, the first day of what is known; null when nothing is. */
  date: string | null;
  precision: DatePrecision | null;
  isEstimated: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Valid parts (see datePartsError) as the pets columns hold them. */
export function storedDateFromParts(parts: DateParts): StoredDate {
  if (parts.year == null) return { date: null, precision: null, isEstimated: false };
  const precision: DatePrecision = parts.day != null ? 'day' : parts.month != null ? 'month' : 'year';
  return { date: `${parts.year}-${pad(parts.month ?? 1)}-${pad(parts.day ?? 1)}`, precision, isEstimated: parts.isEstimated };
}

/** The parts of a stored date; a date stored without a precision counts as a whole date. */
export function partsFromStoredDate(date: string | Date | null, precision: string | null, isEstimated: boolean): DateParts {
  if (!date) return { day: null, month: null, year: null, isEstimated: false };
  const iso = date instanceof Date ? date.toISOString().slice(0, 10) : String(date).slice(0, 10);
  const [year, month, day] = iso.split('-').map(Number);
  const kept = (precision ?? 'day') as DatePrecision;
  return { year, month: kept === 'year' ? null : month, day: kept === 'day' ? day : null, isEstimated };
}

/** A date typed in a form: missing isEstimated follows the known/estimated rule. */
export function withEstimatedRule(parts: Omit<DateParts, 'isEstimated'> & { isEstimated?: boolean | null }): DateParts {
  return { day: parts.day, month: parts.month, year: parts.year, isEstimated: parts.isEstimated ?? estimatedFromParts(parts) ?? false };
}
