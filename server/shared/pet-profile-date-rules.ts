// Dates of the pet profile as day / month / year parts (spec 1 §4-§5, spec 2 §4): shared by server and widgets.

// ---- Dates: day / month / year parts with an estimated/known flag -------------------------

export const FIRST_YEAR = 1989;
export const MONTHS: readonly string[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const DAYS: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

/** The current year down to 1989. */
export function yearOptions(today: Date): number[] {
  const years: number[] = [];
  for (let year = today.getFullYear(); year >= FIRST_YEAR; year -= 1) years.push(year);
  return years;
}

export interface DateParts {
  day: number | null;
  month: number | null;
  year: number | null;
  isEstimated: boolean;
}

export const EMPTY_DATE_PARTS: DateParts = { day: null, month: null, year: null, isEstimated: false };

/**
 * Spec 1 §4: known (false) if the day is set; estimated (true) if only the month or the year is set;
 * null when nothing is set. The form applies it until the user chooses known/estimated by hand.
 */
export function estimatedFromParts(parts: Pick<DateParts, 'day' | 'month' | 'year'>): boolean | null {
  if (parts.day != null) return false;
  if (parts.month != null || parts.year != null) return true;
  return null;
}

export const DATE_DAY_RANGE = 'The day must be between 1 and 31';
export const DATE_MONTH_RANGE = 'The month must be between 1 and 12';
export const dateYearRange = (today: Date) => `The year must be between ${FIRST_YEAR} and ${today.getFullYear()}`;
export const DATE_DAY_NEEDS_MONTH_AND_YEAR = 'Please choose the month and year as well as the day';
export const DATE_MONTH_NEEDS_YEAR = 'Please choose the year as well as the month';
export const DATE_NOT_REAL = 'That date does not exist';
export const DATE_IN_FUTURE = 'The date cannot be in the future';
export const ADOPTION_BEFORE_BIRTH = 'The date of adoption cannot be before the date of birth';
export const DATE_ESTIMATED_NOT_BOOLEAN = 'Please choose whether the date is known or estimated';

export const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** Null when the parts make an acceptable (possibly partial or empty) date; else the reason. */
export function datePartsError(parts: DateParts, today: Date): string | null {
  const { day, month, year } = parts;
  if (day != null && (!isWhole(day) || day < 1 || day > 31)) return DATE_DAY_RANGE;
  if (month != null && (!isWhole(month) || month < 1 || month > 12)) return DATE_MONTH_RANGE;
  if (year != null && (!isWhole(year) || year < FIRST_YEAR || year > today.getFullYear())) return dateYearRange(today);
  if (parts.isEstimated != null && typeof parts.isEstimated !== 'boolean') return DATE_ESTIMATED_NOT_BOOLEAN;
  if (day != null && (month == null || year == null)) return DATE_DAY_NEEDS_MONTH_AND_YEAR;
  if (month != null && year == null) return DATE_MONTH_NEEDS_YEAR;
  if (year == null) return null;
  if (day != null && month != null && day > daysInMonth(year, month)) return DATE_NOT_REAL;
  const thisYear = today.getFullYear();
  const thisMonth = today.getMonth() + 1;
  if (year === thisYear && month != null) {
    if (month > thisMonth) return DATE_IN_FUTURE;
    if (month === thisMonth && day != null && day > today.getDate()) return DATE_IN_FUTURE;
  }
  return null;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first and last day a date given in parts may be, as YYYY-MM-DD; null when no year is given. */
function dateRange(parts: Pick<DateParts, 'day' | 'month' | 'year'>): [string, string] | null {
  if (parts.year == null) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (parts.month == null) return [`${parts.year}-01-01`, `${parts.year}-12-31`];
  if (parts.day == null) return [`${parts.year}-${pad(parts.month)}-01`, `${parts.year}-${pad(parts.month)}-31`];
  const day = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  return [day, day];
}

/** True only when the adoption is surely before the birth: partial dates that may overlap are allowed. */
export function isAdoptionBeforeBirth(birth: Pick<DateParts, 'day' | 'month' | 'year'>, adoption: Pick<DateParts, 'day' | 'month' | 'year'>): boolean {
  const [born, adopted] = [dateRange(birth), dateRange(adoption)];
  return Boolean(born && adopted && adopted[1] < born[0]);
}

