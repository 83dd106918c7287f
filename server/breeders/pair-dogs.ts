import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { remapCalls, type Calls } from '../genetics/genotype.js';
import { kinshipGenotypes, type KinshipGenotype } from './pair-kinship.js';

export interface PairDog {
  petNum: number;
  name: string;
  handle: string;
  sex: 'm' | 'f' | null;
  /** COI the lab measured for the dog itself. */
  coi: number | null;
  /** Null when the dog has no released genotype. */
  genotype: (KinshipGenotype & {
    /** The same calls on the lab's panel: what an array lacks is a no-call there. */
    labCalls: Calls;
  }) | null;
}

/** A dog with its current released genotype, ready for the pair predictor; undefined for no such dog. */
export async function loadPairDog(db: Db, lab: Lab, petNum: number): Promise<PairDog | undefined> {
  const pet = await db('pets')
    .leftJoin('genetic_stats', 'genetic_stats.pet_num', 'pets.pet_num')
    .where('pets.pet_num', petNum)
    .whereNull('pets.deleted_at')
    .first('pets.pet_num', 'pets.name', 'pets.call_name', 'pets.handle', 'pets.sex', 'genetic_stats.coi');
  if (!pet) return undefined;
  const dog: PairDog = { petNum, name: pet.call_name || pet.name, handle: pet.handle, sex: pet.sex, coi: pet.coi === null ? null : Number(pet.coi), genotype: null };
  const genotype = (await kinshipGenotypes(db, lab, [petNum])).get(petNum);
  if (!genotype) return dog;
  dog.genotype = { ...genotype, labCalls: genotype.isLabPanel ? genotype.calls : remapCalls(genotype.panel, genotype.calls, lab.panel) };
  return dog;
}
