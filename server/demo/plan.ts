import type { PopulationDog } from '../genetics/simulate/population.js';
import type { Placement } from './population.js';
import { demoHome, kennelHome, parentHome, patientHome } from './homes.js';

export interface DemoOwners {
  parent: number;
  breeder: number;
  community: readonly number[];
}

export interface DemoPlan {
  place: (dog: PopulationDog) => Placement;
  biscuit: number;
  maple: number;
  breederDogs: number[];
  /** The tested parents of the breeder's litter: the default parents of the awaited puppy. */
  litterParents: [number, number] | null;
  vetPatients: number[];
}

const VET_PATIENT_NAMES = ['Otis', 'Pepper', 'Rufus'];
export const KENNEL_PREFIX = 'Sunny Meadow';
const ORDINALS = ['', '', 'II', 'III', 'IV', 'V', 'VI'];

/**
 * Gives the demo accounts dogs from the simulated population: the breeder two pups of a purebred
 * litter with its tested parents (the rest of the litter goes to community owners) and more of that breed, the pet parent a mix with close family in the
 * population and a designer cross; three dogs nobody owns yet are patients the vet's practice registered
 * (the vet owns no dogs); everyone else's dogs go to community owners.
 */
export function planDemoOwners(dogs: readonly PopulationDog[], owners: DemoOwners): DemoPlan {
  const ids = new Set(dogs.map((dog) => dog.id));
  const taken = new Set<number>();
  const take = (dog: PopulationDog | undefined) => {
    if (dog) taken.add(dog.id);
    return dog;
  };

  const litters = new Map<number, PopulationDog[]>();
  for (const dog of dogs) {
    if (dog.kind !== 'purebred' || dog.litterId === null || dog.sireId === null || dog.damId === null) continue;
    if (!ids.has(dog.sireId) || !ids.has(dog.damId)) continue;
    litters.set(dog.litterId, [...(litters.get(dog.litterId) ?? []), dog]);
  }
  const litter = [...litters.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const byId = new Map(dogs.map((dog) => [dog.id, dog]));
  const parents = litter.length ? [byId.get(litter[0].sireId!)!, byId.get(litter[0].damId!)!] : [];
  // The kennel keeps the parents and two pups; their littermates live with other owners, so the
  // matchmaker offers the kennel's dogs real relatives (a sire's daughter, a pup's full sister).
  const breederDogs = [...parents, ...litter.slice(0, 2)].map((dog) => take(dog)!.id);
  litter.slice(2).forEach(take);
  const breed = parents[0]?.label;
  for (const dog of dogs) {
    if (breederDogs.length >= 12) break;
    if (!taken.has(dog.id) && dog.kind === 'purebred' && (!breed || dog.label === breed)) breederDogs.push(take(dog)!.id);
  }
  for (const dog of dogs) {
    if (breederDogs.length >= 12) break;
    if (!taken.has(dog.id) && dog.kind === 'purebred') breederDogs.push(take(dog)!.id);
  }

  const withFamily = (dog: PopulationDog) => (dog.sireId !== null && ids.has(dog.sireId)) || (dog.damId !== null && ids.has(dog.damId));
  // Biscuit is a grown male and Maple a female, as the README and the quick demo set describe them.
  const thisYear = Math.max(...dogs.map((d) => d.birthYear));
  const biscuit = take(
    dogs.find((d) => !taken.has(d.id) && d.kind !== 'purebred' && d.sex === 'm' && d.birthYear <= thisYear - 2 && withFamily(d)) ??
      dogs.find((d) => !taken.has(d.id) && d.kind !== 'purebred' && d.sex === 'm' && withFamily(d)) ??
      dogs.find((d) => !taken.has(d.id) && d.kind !== 'purebred' && withFamily(d)) ??
      dogs.find((d) => !taken.has(d.id)),
  )!;
  const maple = take(
    dogs.find((d) => !taken.has(d.id) && d.kind === 'designerCross' && d.sex === 'f') ??
      dogs.find((d) => !taken.has(d.id) && d.kind === 'designerCross') ??
      dogs.find((d) => !taken.has(d.id)),
  )!;
  const vetPatients = dogs.filter((d) => !taken.has(d.id) && d.kind !== 'wolfHybrid').slice(0, VET_PATIENT_NAMES.length).map((d) => take(d)!.id);

  const names = new Map<number, Placement>();
  // Population names repeat; a kennel never gives two of its dogs one name (the second Hazel is Hazel II).
  const kennelNames = new Map<string, number>();
  breederDogs.forEach((id) => {
    const name = `${KENNEL_PREFIX} ${byId.get(id)!.name}`;
    const seen = (kennelNames.get(name) ?? 0) + 1;
    kennelNames.set(name, seen);
    names.set(id, { ownerId: owners.breeder, name: seen === 1 ? name : `${name} ${ORDINALS[seen] ?? seen}`, home: kennelHome(owners.breeder) });
  });
  names.set(biscuit.id, { ownerId: owners.parent, name: 'Biscuit', home: parentHome(owners.parent) });
  names.set(maple.id, { ownerId: owners.parent, name: 'Maple', dateOfBirth: null, home: parentHome(owners.parent) });
  vetPatients.forEach((id, i) => names.set(id, { ownerId: null, name: VET_PATIENT_NAMES[i], home: patientHome(id) }));

  return {
    place: (dog) => {
      const ownerId = owners.community[(dog.litterId ?? dog.id) % owners.community.length];
      return names.get(dog.id) ?? { ownerId, home: demoHome(ownerId) };
    },
    biscuit: biscuit.id,
    maple: maple.id,
    breederDogs,
    litterParents: parents.length === 2 ? [parents[0].id, parents[1].id] : null,
    vetPatients,
  };
}
