// The columns of each admin data table (spec 1 §2), shared by the server (the page without
// scripts, the JSON rows) and the DataTables widget. No I/O.
import { MAX_SEARCH_LENGTH, type AdminTableName } from './admin-search-rules.js';
import type { AdminRow } from './admin-table-types.js';

export type CellLink =
  /** The dog's profile page, for a row with petNum. */
  | 'dog'
  /** The account in the users table, for a row with userId. */
  | 'account'
  /** The dogs of the account, for a row of the users table. */
  | 'dogs-of-account';

export interface AdminColumn {
  key: string;
  title: string;
  link?: CellLink;
}

export interface AdminTableDefinition {
  title: string;
  /** What the search box matches, shown beside it. */
  searchHint: string;
  columns: readonly AdminColumn[];
  /** Rows carry the e-mail of an account that a button can impersonate. */
  impersonate: boolean;
  /** Rows are accounts whose matchmaker (showMatchMaker) a button turns on or off. */
  matchmakerPermission?: true;
}

/** The Matchmaker cell of an account's row: its state and the button that turns it over. */
export function matchmakerToggle(row: AdminRow): { action: string; value: 'true' | 'false'; state: string; button: string; label: string } {
  const on = row.showMatchMaker === true;
  return {
    action: `/admin/users/${Number(row.userId)}/matchmaker`,
    value: on ? 'false' : 'true',
    state: on ? 'On' : 'Off',
    button: on ? 'Turn off' : 'Turn on',
    label: `${on ? 'Turn off' : 'Turn on'} the matchmaker of ${String(row.email)}`,
  };
}

/**
 * Where turning an account's matchmaker over comes back to: the search the admin was on, and the
 * account (`#matchmaker-{userId}`) whose button the table focuses. A missing or unusable search
 * (the page without one, a forged form) falls back to the account's own row.
 */
export function matchmakerReturnPath(userId: number, searchParam: unknown): string {
  const search = typeof searchParam === 'string' && searchParam.trim() !== '' && searchParam.length <= MAX_SEARCH_LENGTH ? searchParam.trim() : String(userId);
  return `/admin/data-table/users?searchParam=${encodeURIComponent(search)}#matchmaker-${userId}`;
}

/** The account whose matchmaker button takes the focus, from the page's fragment; null if none. */
export function matchmakerFocusTarget(hash: string): number | null {
  const match = /^#matchmaker-([1-9][0-9]{0,9})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** The name of an exported file (Buttons adds .csv or .xlsx): 'Pets - Embark'. */
export const adminExportFileName = (table: AdminTableName): string => `${ADMIN_TABLE_DEFINITIONS[table].title} - Embark`;

const reswabColumns: readonly AdminColumn[] = [
  { key: 'id', title: 'Reswab' },
  { key: 'petNum', title: 'Pet #', link: 'dog' },
  { key: 'petName', title: 'Dog', link: 'dog' },
  { key: 'ownerEmail', title: 'Owner', link: 'account' },
  { key: 'originalSwabCode', title: 'Failed swab' },
  { key: 'reason', title: 'Reason' },
  { key: 'authorizedAt', title: 'Authorized' },
  { key: 'authorizedBy', title: 'Authorized by' },
];

export const ADMIN_TABLE_DEFINITIONS: Record<AdminTableName, AdminTableDefinition> = {
  pets_info: {
    title: 'Pets',
    searchHint: 'A number finds a pet number or swab id; anything else matches names, handles, owner e-mails and swab codes (* is a wildcard).',
    columns: [
      { key: 'petNum', title: 'Pet #', link: 'dog' },
      { key: 'name', title: 'Name', link: 'dog' },
      { key: 'handle', title: 'Handle' },
      { key: 'sex', title: 'Sex' },
      { key: 'breedType', title: 'Breed type' },
      { key: 'ownerName', title: 'Owner', link: 'account' },
      { key: 'ownerEmail', title: 'Owner e-mail', link: 'account' },
      { key: 'swabCode', title: 'Swab' },
      { key: 'swabState', title: 'Swab state' },
      { key: 'createdAt', title: 'Added' },
    ],
    impersonate: true,
  },
  users: {
    title: 'Users',
    searchHint: 'A number finds a user id; anything else matches names, e-mails and kennel names (* is a wildcard).',
    columns: [
      { key: 'userId', title: 'User #', link: 'account' },
      { key: 'name', title: 'Name' },
      { key: 'email', title: 'E-mail' },
      { key: 'userType', title: 'Type' },
      { key: 'breederName', title: 'Kennel' },
      { key: 'roles', title: 'Staff roles' },
      { key: 'petCount', title: 'Dogs', link: 'dogs-of-account' },
      { key: 'createdAt', title: 'Joined' },
    ],
    impersonate: true,
    matchmakerPermission: true,
  },
  authorized_reswabs: {
    title: 'Authorized reswabs',
    searchHint: 'A number finds a reswab, swab or pet number; anything else matches dog names, owner e-mails and swab codes (* is a wildcard).',
    columns: reswabColumns,
    impersonate: true,
  },
  ordered_reswabs: {
    title: 'Ordered reswabs',
    searchHint: 'A number finds a reswab, swab or pet number; anything else matches dog names, owner e-mails and swab codes (* is a wildcard).',
    columns: [
      ...reswabColumns,
      { key: 'status', title: 'Status' },
      { key: 'orderedAt', title: 'Ordered' },
      { key: 'newSwabCode', title: 'New swab' },
      { key: 'shippingAddress', title: 'Ship to' },
    ],
    impersonate: true,
  },
};

/** Where a linked cell points; null when the row lacks what the link needs. */
export function cellHref(link: CellLink, row: Record<string, unknown>): string | null {
  switch (link) {
    case 'dog':
      return typeof row.petNum === 'number' ? `/members/results/profile?i=${row.petNum}` : null;
    case 'account':
      return typeof row.userId === 'number' ? `/admin/data-table/users?searchParam=${row.userId}` : null;
    case 'dogs-of-account':
      return typeof row.email === 'string' ? `/admin/data-table/pets_info?searchParam=${encodeURIComponent(row.email)}` : null;
  }
}
