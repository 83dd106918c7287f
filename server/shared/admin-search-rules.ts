import { MAX_ID } from './id-range.js';

// Pure rules of the admin data tables (spec 1 §2, §5, §7, §9; issue 16). No I/O: the server,
// the data-table widget and the tests share them.

/** spec 1 §7, §9: a data-table search answers at most this many rows. */
export const ADMIN_TABLE_ROW_LIMIT = 500;
/** spec 1 §9: page length options; -1 is DataTables' "All". */
export const ADMIN_PAGE_LENGTHS = [10, 25, 50, 100, -1] as const;
export const ADMIN_PAGE_LENGTH_LABELS = ['10', '25', '50', '100', 'All'] as const;
/** spec 1 §9: export buttons. */
export const ADMIN_EXPORT_BUTTONS = ['excel', 'csv', 'print'] as const;
/**
 * A cell of an exported CSV as a spreadsheet must read it: text beginning with =, +, -, @, a tab or a
 * carriage return would run as a formula (=HYPERLINK(...) in a dog's name), so it gets a leading
 * apostrophe, which spreadsheets show as text (OWASP's CSV injection advice). Numbers stay numbers.
 */
export function csvCellAsText(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
}

/** Longer than any name, e-mail or code; a longer value is refused rather than searched. */
export const MAX_SEARCH_LENGTH = 200;

export const ADMIN_TABLES = ['pets_info', 'users', 'authorized_reswabs', 'ordered_reswabs'] as const;
export type AdminTableName = (typeof ADMIN_TABLES)[number];

export function isAdminTable(name: string): name is AdminTableName {
  return (ADMIN_TABLES as readonly string[]).includes(name);
}

export type AdminSearch =
  | { kind: 'id'; id: number }
  /** An id no row can have (zero, past the integer range): the search finds nothing. */
  | { kind: 'no-such-id' }
  /** A case-insensitive LIKE pattern, wildcards of the user's own text escaped. */
  | { kind: 'text'; pattern: string };

export type SearchProblem = 'empty' | 'too-long' | 'not-text';

/** spec 1 §5: a non-empty trimmed value; all digits is an id, anything else a name with wildcard match. */
export function parseAdminSearch(raw: unknown): AdminSearch | SearchProblem {
  if (typeof raw !== 'string') return raw === undefined ? 'empty' : 'not-text';
  const value = raw.trim();
  if (value === '') return 'empty';
  if (value.length > MAX_SEARCH_LENGTH) return 'too-long';
  if (/^[0-9]+$/.test(value)) {
    const id = Number(value);
    return id >= 1 && id <= MAX_ID ? { kind: 'id', id } : { kind: 'no-such-id' };
  }
  return { kind: 'text', pattern: substringPattern(value) };
}

/**
 * A LIKE pattern matching `value` anywhere. The user's `*` is the wildcard (`bis*it`); `%`, `_`
 * and backslashes are escaped so they match themselves (PostgreSQL's default LIKE escape is `\`).
 */
export function substringPattern(value: string): string {
  const escaped = value.replace(/[\\%_]/g, (character) => `\\${character}`).replace(/\*+/g, '%');
  return `%${escaped}%`;
}

export function isSearchProblem(search: AdminSearch | SearchProblem): search is SearchProblem {
  return typeof search === 'string';
}
