import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { ownedPetCountQuery, ownedPetsQuery, type Pet } from '../pets/queries.js';
import { unreadMessagesQuery } from '../chat/unread.js';

export interface ShellCounts {
  petCount: number;
  numUnreadMessages: number;
  /** The account's only dog with released results, if it has exactly one: the footer may name it on pages about no dog. */
  footerPet: Pick<Pet, 'petNum' | 'name' | 'isEligibleForInsurance' | 'insuranceUrl'> | null;
}

/** A dog has results once the lab released a breed mix or health calls for it. */
export function hasResultsSql(petNumColumn: string): string {
  return `(exists (select 1 from breed_mix_summaries r where r.pet_num = ${petNumColumn}) or exists (select 1 from health_results r where r.pet_num = ${petNumColumn}))`;
}

export interface ShellCountsRow {
  shell_pet_count: number | string;
  shell_num_unread: number | string;
  shell_footer_pet: ShellCounts['footerPet'];
}

/** The shell's counts as three columns of one select, so they can ride along with another query. */
function shellCountsColumns(db: Db, userId: number | Knex.Raw) {
  // A column reference (see shellCountsColumnsOf) is bound as SQL where the queries compare user ids.
  userId = userId as number;
  const withResults = ownedPetsQuery(db, userId)
    .clearSelect()
    .select({
      petNum: 'pets.pet_num',
      name: 'pets.name',
      isEligibleForInsurance: 'pets.is_eligible_for_insurance',
      insuranceUrl: 'pets.insurance_url',
    })
    .whereRaw(hasResultsSql('pets.pet_num'))
    .limit(2);
  return db.raw(
    '(?) as shell_pet_count, (?) as shell_num_unread, (select case when count(*) = 1 then json_agg(p) -> 0 end from (?) p) as shell_footer_pet',
    [ownedPetCountQuery(db, userId), unreadMessagesQuery(db, userId), withResults],
  );
}

/** The counts of the account whose id is in a column of the surrounding query, e.g. `sessions.user_id`. */
export function shellCountsColumnsOf(db: Db, userIdColumn: string) {
  return shellCountsColumns(db, db.raw('??', [userIdColumn]));
}

export const toShellCounts = (row: ShellCountsRow): ShellCounts => ({
  petCount: Number(row.shell_pet_count),
  numUnreadMessages: Number(row.shell_num_unread),
  footerPet: row.shell_footer_pet,
});

/** Whether the lab has released results for the dog (the footer names only such a dog). */
export async function petHasResults(db: Db, petNum: number): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { found: boolean }[] }>(`select ${hasResultsSql('?')} as found`, [petNum, petNum]);
  return Boolean(rows[0]?.found);
}

/** What the header and footer need, in one round trip: every page view pays for it. */
export async function loadShellCounts(db: Db, userId: number): Promise<ShellCounts> {
  const { rows } = await db.raw<{ rows: ShellCountsRow[] }>('select ?', [shellCountsColumns(db, userId)]);
  return toShellCounts(rows[0]);
}
