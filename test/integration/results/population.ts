import type { Express } from 'express';
import { loadDemoDataIfEmpty } from '../../../server/demo/seed.js';
import { DEMO_AWAITING_SWAB } from '../../../server/demo/accounts.js';
import { resetToSnapshot, testDb } from '../../support/database.js';
import { testLab } from '../../support/lab.js';
import { testApp } from '../../support/app.js';
import { cheapenDemoPasswords } from '../../support/demo.js';

/**
 * The demo data with a simulated population of 160 tested dogs. Computed once a run, then
 * restored from its snapshot, so every file that calls this starts from the same rows.
 */
export async function demoPopulation(): Promise<Express> {
  await resetToSnapshot('demo_population_160', async (db) => {
    await loadDemoDataIfEmpty(db, { populationSize: 160, lab: await testLab(db), currentYear: 2026 });
    await cheapenDemoPasswords(db);
  });
  return testApp();
}

export async function ownedPetNum(email: string, name: string): Promise<number> {
  const db = await testDb();
  const row = await db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .join('users', 'users.id', 'pet_owners.user_id')
    .where({ 'users.email': email, 'pets.name': name })
    .first('pets.pet_num');
  if (!row) throw new Error(`${email} has no dog called ${name}`);
  return row.pet_num;
}

/** The breeder's puppy whose swab awaits lab results. */
export async function awaitingPetNum(): Promise<number> {
  const db = await testDb();
  return (await db('swabs').where({ swab_code: DEMO_AWAITING_SWAB }).first('pet_num')).pet_num;
}

/** Visible text of a page's main element, tags removed and entities decoded. */
export function mainText(html: string): string {
  const main = html.split('<main id="main" class="page">')[1]?.split('</main>')[0] ?? html;
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}
