import type { Db } from '../db/index.js';
import { newestOwnedPetQuery, ownedPetCountQuery, type Pet } from '../pets/queries.js';
import { unreadMessagesQuery } from '../chat/unread.js';

export interface ShellCounts {
  petCount: number;
  numUnreadMessages: number;
  footerPet: Pick<Pet, 'petNum' | 'name' | 'isEligibleForInsurance' | 'insuranceUrl'> | null;
}

/** What the header and footer need, in one round trip: every page view pays for it. */
export async function loadShellCounts(db: Db, userId: number): Promise<ShellCounts> {
  const newest = newestOwnedPetQuery(db, userId).clearSelect().select({
    petNum: 'pets.pet_num',
    name: 'pets.name',
    isEligibleForInsurance: 'pets.is_eligible_for_insurance',
    insuranceUrl: 'pets.insurance_url',
  });
  const { rows } = await db.raw<{ rows: { pet_count: number; num_unread: number; footer_pet: ShellCounts['footerPet'] }[] }>(
    'select (?) as pet_count, (?) as num_unread, (select row_to_json(p) from (?) p) as footer_pet',
    [ownedPetCountQuery(db, userId), unreadMessagesQuery(db, userId), newest],
  );
  const [row] = rows;
  return { petCount: Number(row.pet_count), numUnreadMessages: Number(row.num_unread), footerPet: row.footer_pet };
}
