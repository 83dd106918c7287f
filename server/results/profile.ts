import type { Db } from '../db/index.js';
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

export async function loadProfileDetails(db: Db, pet: Pet): Promise<ProfileDetails> {
  const row = await db('pets').leftJoin('breeds', 'breeds.id', 'pets.stated_breed_id').where('pets.pet_num', pet.petNum).first('pets.prefix_titles', 'pets.suffix_titles', 'pets.story', 'pets.date_of_birth_precision', 'breeds.name as statedBreed');
  return {
    name: pet.name,
    callName: pet.callName,
    handle: pet.handle,
    sex: pet.sex?.trim() === 'f' ? 'Female' : pet.sex?.trim() === 'm' ? 'Male' : 'Not given',
    birthDate: storedBirthdayText(pet.dateOfBirth, { precision: row?.date_of_birth_precision, isEstimated: pet.isDateOfBirthEstimated }) ?? 'Not given',
    breedType: pet.breedType ? (BREED_TYPE_LABELS[pet.breedType] ?? pet.breedType) : 'Not given',
    statedBreed: row?.statedBreed ?? null,
    prefixTitles: row?.prefix_titles ?? [],
    suffixTitles: row?.suffix_titles ?? [],
    story: row?.story ?? null,
  };
}
