import type { Db } from '../db/index.js';
import { newestOwnedPetQuery, ownedPetCountQuery, type Pet } from '../pets/queries.js';
import { unreadMessagesQuery } from '../chat/unread.js';
import { toUser, type User, type UserRow } from '../users/queries.js';

export interface ShellCounts {
  petCount: number;
  numUnreadMessages: number;
  footerPet: Pick<Pet, 'petNum' | 'name' | 'isEligibleForInsurance' | 'insuranceUrl'> | null;
}

interface ShellCountsRow {
  shell_pet_count: number | string;
  shell_num_unread: number | string;
  shell_footer_pet: ShellCounts['footerPet'];
}

/** The shell's counts as three columns of one select, so they can ride along with another query. */
function shellCountsColumns(db: Db, userId: number) {
  const newest = newestOwnedPetQuery(db, userId).clearSelect().select({
    petNum: 'pets.pet_num',
    name: 'pets.name',
    isEligibleForInsurance: 'pets.is_eligible_for_insurance',
    insuranceUrl: 'pets.insurance_url',
  });
  return db.raw('(?) as shell_pet_count, (?) as shell_num_unread, (select row_to_json(p) from (?) p) as shell_footer_pet', [
    ownedPetCountQuery(db, userId),
    unreadMessagesQuery(db, userId),
    newest,
  ]);
}

const toShellCounts = (row: ShellCountsRow): ShellCounts => ({
  petCount: Number(row.shell_pet_count),
  numUnreadMessages: Number(row.shell_num_unread),
  footerPet: row.shell_footer_pet,
});

/** What the header and footer need, in one round trip: every page view pays for it. */
export async function loadShellCounts(db: Db, userId: number): Promise<ShellCounts> {
  const { rows } = await db.raw<{ rows: ShellCountsRow[] }>('select ?', [shellCountsColumns(db, userId)]);
  return toShellCounts(rows[0]);
}

/** The signed-in account and its shell counts in one round trip: the first query of every page. */
export async function loadUserWithShellCounts(db: Db, userId: number): Promise<{ user: User; shellCounts: ShellCounts } | undefined> {
  const row = await db<UserRow & ShellCountsRow>('users').where('users.id', userId).first('users.*', shellCountsColumns(db, userId));
  return row && { user: toUser(row), shellCounts: toShellCounts(row) };
}
