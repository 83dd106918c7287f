// The one way a dog's date of birth (or adoption, or predicted birthday) is written on every page and
// widget: 'March 4, 2021'. The spec names no format; QA found three ('2021-03-04', '3/4/2021',
// 'March 4, 2021'), so the month spelled out, as the site writes every other date (activation,
// report ready, vet shares: 'January 5, 2026'), which no reader can misread.
// Pure: the server's views and the browser's widgets share this copy. Form values (selects,
// input[type=date]) keep their own machine formats.

export const MONTH_NAMES: readonly string[] = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
];

export const ESTIMATED_SUFFIX = ' (estimated)';

export interface BirthdayParts {
  day: number | null;
  month: number | null;
  year: number | null;
  isEstimated?: boolean;
}

export type DatePrecision = 'day' | 'month' | 'year';

/** 'March 4, 2021', 'March 2021' or '2021' (as much as is known), then ' (estimated)' when estimated; null without a year. */
export function birthdayText(parts: BirthdayParts | null | undefined): string | null {
  if (!parts || parts.year == null) return null;
  const month = parts.month != null ? (MONTH_NAMES[parts.month - 1] ?? null) : null;
  const text = !month ? String(parts.year) : parts.day != null ? `${month} ${parts.day}, ${parts.year}` : `${month} ${parts.year}`;
  return parts.isEstimated ? `${text}${ESTIMATED_SUFFIX}` : text;
}

/**
 * A date as the database keeps it (YYYY-MM-DD, or a Date at midnight UTC), written to the precision
 * that is known; null when there is no date.
 */
export function storedBirthdayText(
  date: string | Date | null | undefined,
  { precision = 'day', isEstimated = false }: { precision?: DatePrecision | string | null; isEstimated?: boolean } = {},
): string | null {
  if (!date) return null;
  const iso = date instanceof Date ? date.toISOString().slice(0, 10) : String(date).slice(0, 10);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const kept = precision ?? 'day';
  return birthdayText({
    year: Number(match[1]),
    month: kept === 'year' ? null : Number(match[2]),
    day: kept === 'day' ? Number(match[3]) : null,
    isEstimated,
  });
}

/**
 * What follows 'born' for a stored date: 'on March 4, 2021', 'in March 2021' or 'in 2021', then
 * ' (estimated)' when estimated. Only what is known: a year alone never becomes January 1 (issue 36 §6).
 */
export function bornWhenText(
  date: string | Date | null | undefined,
  options: { precision?: DatePrecision | string | null; isEstimated?: boolean } = {},
): string | null {
  const text = storedBirthdayText(date, options);
  if (text === null) return null;
  return `${(options.precision ?? 'day') === 'day' ? 'on' : 'in'} ${text}`;
}
