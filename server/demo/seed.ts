import type { Db } from '../db/index.js';
import { hashPassword } from '../auth/passwords.js';
import { insertUser } from '../users/queries.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';
import { insertPetForOwner } from '../pets/mutations.js';

interface DemoDog {
  name: string;
  sex: 'f' | 'm';
  dateOfBirth: string;
  breedType: string;
}

const PARENT_DOGS: DemoDog[] = [
  { name: 'Biscuit', sex: 'm', dateOfBirth: '2021-04-12', breedType: 'mixed' },
  { name: 'Maple', sex: 'f', dateOfBirth: '2024-08-03', breedType: 'mixed' },
];

const BREEDER_DOG_NAMES = ['Sunny Meadow Aurora', 'Sunny Meadow Bramble', 'Sunny Meadow Cider', 'Sunny Meadow Dune', 'Sunny Meadow Ember', 'Sunny Meadow Fable', 'Sunny Meadow Gale', 'Sunny Meadow Hazel', 'Sunny Meadow Indigo', 'Sunny Meadow Juniper', 'Sunny Meadow Kestrel', 'Sunny Meadow Lark'];

/** Loads the demo accounts into an empty database; does nothing if any user exists. */
export async function loadDemoDataIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db('users').count<{ count: number }[]>('* as count');
  if (Number(count) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (trx) => {
    const users = Object.fromEntries(
      await Promise.all(Object.entries(DEMO_ACCOUNTS).map(async ([key, account]) => [key, await insertUser(trx, { ...account, passwordHash })])),
    );
    for (const dog of PARENT_DOGS) {
      await insertPetForOwner(trx, users.parent.id, { ...dog, isEligibleForInsurance: dog.name === 'Biscuit', insuranceUrl: dog.name === 'Biscuit' ? 'https://embarkvet.com/pet-insurance' : null });
    }
    for (const [index, name] of BREEDER_DOG_NAMES.entries()) {
      await insertPetForOwner(trx, users.breeder.id, {
        name,
        sex: index % 2 ? 'm' : 'f',
        dateOfBirth: `20${18 + (index % 6)}-0${1 + (index % 9)}-15`,
        breedType: 'purebred',
        isPrimaryOwnerBreeder: true,
      });
    }
  });
  return true;
}
