// Demo rows of the admin tools (issue 16): kits in stock and loose swabs to scan, a scanner
// account, and a dog whose first swab failed, with an authorized and an ordered reswab.
import type { Knex } from 'knex';
import { insertPetForOwner } from '../pets/mutations.js';

export const DEMO_SCANNER = { email: 'scanner@demo.test', name: 'Sid Scanner' } as const;
/** Kits in stock: EM-STOCK-0001… (Breed + Ancestry) and EM-STOCK-AGE-01… (age test). */
export const DEMO_STOCK_BOX_KEYS = Array.from({ length: 6 }, (_, i) => `EM-STOCK-${String(i + 1).padStart(4, '0')}`);
export const DEMO_STOCK_AGE_BOX_KEYS = Array.from({ length: 2 }, (_, i) => `EM-STOCK-AGE-${String(i + 1).padStart(2, '0')}`);
/** Loose swabs waiting for a kit. */
export const DEMO_STOCK_SWAB_CODES = Array.from({ length: 10 }, (_, i) => `STOCKSWAB${String(i + 1).padStart(5, '0')}`);

export async function seedAdminDemo(db: Knex, { passwordHash, adminId }: { passwordHash: string; adminId: number }): Promise<void> {
  await db('users').insert({ ...DEMO_SCANNER, password_hash: passwordHash, is_staff: true, can_scan_kits: true });

  await db('kits').insert([
    ...DEMO_STOCK_BOX_KEYS.map((box_key) => ({ box_key, order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry', purchase_source: 'shop' })),
    ...DEMO_STOCK_AGE_BOX_KEYS.map((box_key) => ({ box_key, order_sku: 'EMBARK-AGE', product_type: 'Age', purchase_source: 'shop' })),
  ]);
  await db('swabs').insert(DEMO_STOCK_SWAB_CODES.map((swab_code) => ({ swab_code, product_type: 'BreedAndAncestry' })));

  const [owner] = await db('users').insert({ email: 'reswab@demo.test', name: 'Rita Reswab', password_hash: passwordHash }).returning('id');
  for (const [name, status] of [['Pebble', 'authorized'], ['Comet', 'ordered']] as const) {
    const petNum = await insertPetForOwner(db, owner.id, { name });
    const [failed] = await db('swabs')
      .insert({ swab_code: `DEMOFAILED${name.toUpperCase()}`, pet_num: petNum, activated_by_user_id: owner.id, swab_state: 'failed', product_type: 'BreedAndAncestry', purchase_source: 'shop', activated_at: db.raw("now() - interval '40 days'"), received_at: db.raw("now() - interval '30 days'") })
      .returning('id');
    await db('samples').insert({ swab_id: failed.id, sample_state: 'failed', failure_reason: 'Not enough DNA in the sample', received_at: db.raw("now() - interval '30 days'") });
    const ordered = status === 'ordered';
    const [replacement] = ordered ? await db('swabs').insert({ swab_code: `DEMORESWAB${name.toUpperCase()}`, product_type: 'BreedAndAncestry' }).returning('id') : [null];
    await db('reswabs').insert({
      pet_num: petNum,
      original_swab_id: failed.id,
      new_swab_id: replacement?.id ?? null,
      status,
      reason: 'Not enough DNA in the sample',
      authorized_by_user_id: adminId,
      authorized_at: db.raw("now() - interval '20 days'"),
      ordered_at: ordered ? db.raw("now() - interval '18 days'") : null,
      shipping_address: ordered ? '12 Elm Street, Ithaca, NY 14850' : null,
    });
  }
}
