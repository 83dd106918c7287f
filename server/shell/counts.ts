import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { unreadMessagesQuery } from '../chat/unread.js';
import { upgradeAvailableSql } from '../results/current-swab.js';

export interface ShellCounts {
  petCount: number;
  numUnreadMessages: number;
  /** The account's only dog with released results, if it has exactly one: the footer may name it on pages about no dog. */
  footerPet: Pick<Pet, 'petNum' | 'name' | 'isEligibleForInsurance' | 'insuranceUrl' | 'profileImagePublicId' | 'avatarColorIndex'> | null;
}

/** A dog has results once the lab released a breed mix or health calls for it. */
export function hasResultsSql(petNumColumn: string): string {
  return `(exists (select 1 from breed_mix_summaries r where r.pet_num = ${petNumColumn}) or exists (select 1 from health_results r where r.pet_num = ${petNumColumn}))`;
}

export interface ShellCountsRow {
  shell_pets: { pet_count: number | string; footer_pet: ShellCounts['footerPet'] };
  shell_num_unread: number | string;
}

/**
 * The shell's counts as three columns of one select, so they can ride along with another query.
 * The account's dogs are read once, from its `pet_owners` rows (index on user_id) to `pets`
 * (primary key): a count over `pets` joined the other way round made PostgreSQL scan every dog.
 */
function shellCountsColumns(db: Db, userId: number | Knex.Raw) {
  // A column reference (see shellCountsColumnsOf) is bound as SQL where the queries compare user ids.
  userId = userId as number;
  const ownedPets = db('pet_owners')
    .join('pets', 'pets.pet_num', 'pet_owners.pet_num')
    .where('pet_owners.user_id', userId)
    .whereNull('pets.deleted_at')
    .select({
      petNum: 'pets.pet_num',
      name: 'pets.name',
      isEligibleForInsurance: 'pets.is_eligible_for_insurance',
      insuranceUrl: 'pets.insurance_url',
      profileImagePublicId: 'pets.profile_image_public_id',
      avatarColorIndex: 'pets.avatar_color_index',
      hasResults: db.raw(hasResultsSql('pets.pet_num')),
    });
  return db.raw(
    '(select row_to_json(s) from (select count(*) as pet_count, ' +
      'case when count(*) filter (where p."hasResults") = 1 then (json_agg(json_build_object(\'petNum\', p."petNum", \'name\', p.name, \'isEligibleForInsurance\', p."isEligibleForInsurance", \'insuranceUrl\', p."insuranceUrl", \'profileImagePublicId\', p."profileImagePublicId", \'avatarColorIndex\', p."avatarColorIndex")) filter (where p."hasResults")) -> 0 end as footer_pet ' +
      'from (?) p) s) as shell_pets, (?) as shell_num_unread',
    [ownedPets, unreadMessagesQuery(db, userId)],
  );
}

/** The counts of the account whose id is in a column of the surrounding query, e.g. `sessions.user_id`. */
export function shellCountsColumnsOf(db: Db, userIdColumn: string) {
  return shellCountsColumns(db, db.raw('??', [userIdColumn]));
}

export const toShellCounts = (row: ShellCountsRow): ShellCounts => ({
  petCount: Number(row.shell_pets.pet_count),
  numUnreadMessages: Number(row.shell_num_unread),
  footerPet: row.shell_pets.footer_pet,
});

/** What the results navigation and footer need to know of the dog a page is about. */
export interface PetShellFacts {
  /** The footer names only a dog with released results. */
  hasResults: boolean;
  /** Health and Traits give way to one locked 'Health & Traits' button (spec 2). */
  isUpgradeAvailable: boolean;
}

/** PetShellFacts as two columns, has_results and upgrade_available, of the dog `?` bound three times. */
export const PET_SHELL_FACTS_SQL = `${hasResultsSql('?')} as has_results, ${upgradeAvailableSql('?')} as upgrade_available`;

export interface PetShellFactsRow {
  has_results: boolean;
  upgrade_available: boolean;
}

export const petShellFactsOf = (row: PetShellFactsRow | undefined): PetShellFacts => ({
  hasResults: Boolean(row?.has_results),
  isUpgradeAvailable: Boolean(row?.upgrade_available),
});

export async function petShellFacts(db: Db, petNum: number): Promise<PetShellFacts> {
  const { rows } = await db.raw<{ rows: PetShellFactsRow[] }>(`select ${PET_SHELL_FACTS_SQL}`, [petNum, petNum, petNum]);
  return petShellFactsOf(rows[0]);
}

/** What the header and footer need, in one round trip: every page view pays for it. */
export async function loadShellCounts(db: Db, userId: number): Promise<ShellCounts> {
  const { rows } = await db.raw<{ rows: ShellCountsRow[] }>('select ?', [shellCountsColumns(db, userId)]);
  return toShellCounts(rows[0]);
}
