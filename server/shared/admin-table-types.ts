// What the admin data tables' search answers (spec 1 §8), read by the admin-data-table widget.

export type AdminRow = Record<string, string | number | boolean | null>;

export interface AdminSearchResult {
  rows: AdminRow[];
  /** spec 1 §8: the search reached the row limit, so there may be more. */
  limitHit: boolean;
}
