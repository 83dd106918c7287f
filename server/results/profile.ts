import { petNumIn, type PetRead } from '../pets/reads.js';
import type { Pet } from '../pets/queries.js';
import { storedBirthdayText } from '../shared/birthday-text.js';

export interface ProfileDetails {
  name: string;
  callName: string | null;
  handle: string;
  sex: string;
  birthDate: string;
  breedType: string;
  statedBreed: string | null;
  prefixTitles: string[];
  suffixTitles: string[];
  story: string | null;
}

// Breed types of the profile form (spec 2 §3).
const BREED_TYPE_LABELS: Record<string, string> = {
  purebred: 'Purebred',
  designer: 'Designer breed',
  mixed: 'Mixed breed',
  village: 'Village dog',
  unknown: "I'm not sure yet!",
  notShared: 'I prefer not to say',
};

interface ProfileFacts {
  statedBreed: string | null;
  prefixTitles: string[];
  suffixTitles: string[];
  story: string | null;
  dateOfBirthPrecision: string | null;
}

/** What the profile shows of each dog besides its `Pet` fields. */
export const PROFILE_FACTS: PetRead<ProfileFacts | null> = {
  queries: (db, petNums) => ({
    pets: db('pets')
      .leftJoin('breeds', 'breeds.id', 'pets.stated_breed_id')
      .where(petNumIn(db, 'pets.pet_num', petNums))
      .select({ petNum: 'pets.pet_num', prefixTitles: 'pets.prefix_titles', suffixTitles: 'pets.suffix_titles', story: 'pets.story', dateOfBirthPrecision: 'pets.date_of_birth_precision', statedBreed: 'breeds.name' }),
  }),
  assemble: ({ pets }) => new Map(pets.map(({ petNum, ...facts }) => [petNum, facts as ProfileFacts])),
  missing: () => null,
};

export function profileDetails(pet: Pet, facts: ProfileFacts | null): ProfileDetails {
  return {
    name: pet.name,
    callName: pet.callName,
    handle: pet.handle,
    sex: pet.sex?.trim() === 'f' ? 'Female' : pet.sex?.trim() === 'm' ? 'Male' : 'Not given',
    birthDate: storedBirthdayText(pet.dateOfBirth, { precision: facts?.dateOfBirthPrecision, isEstimated: pet.isDateOfBirthEstimated }) ?? 'Not given',
    breedType: pet.breedType ? (BREED_TYPE_LABELS[pet.breedType] ?? pet.breedType) : 'Not given',
    statedBreed: facts?.statedBreed ?? null,
    prefixTitles: facts?.prefixTitles ?? [],
    suffixTitles: facts?.suffixTitles ?? [],
    story: facts?.story ?? null,
  };
}
