import type { Db } from '../db/index.js';
import { ownedPetsQuery, type OwnedPet } from './queries.js';

export const PET_SORTS = ['NAME', 'CREATED_AT', 'PET_NUM'] as const;

export interface PetListFilters {
  petNum?: number | null;
  petUuid?: string | null;
  isHidden?: boolean | null;
  isHealthReady?: boolean | null;
  isNonhealthReady?: boolean | null;
  limit?: number | null;
  offset?: number | null;
  sortBy?: (typeof PET_SORTS)[number] | null;
  sortDirection?: 'ASC' | 'DESC' | null;
}

const SORT_COLUMNS: Record<(typeof PET_SORTS)[number], string> = {
  NAME: 'pets.name',
  CREATED_AT: 'pets.created_at',
  PET_NUM: 'pets.pet_num',
};

export async function listOwnedPets(db: Db, userId: number, filters: PetListFilters): Promise<OwnedPet[]> {
  const query = ownedPetsQuery(db, userId);
  if (filters.petNum != null) query.where('pets.pet_num', filters.petNum);
  if (filters.petUuid != null) query.where('pets.id', filters.petUuid);
  if (filters.isHidden != null) query.where('pets.is_hidden', filters.isHidden);
  applyReadinessFilters(db, query, filters);
  const direction = filters.sortDirection === 'DESC' ? 'desc' : 'asc';
  query.orderBy(SORT_COLUMNS[filters.sortBy ?? 'PET_NUM'], direction).orderBy('pets.pet_num', direction);
  if (filters.limit != null) query.limit(filters.limit);
  if (filters.offset != null) query.offset(filters.offset);
  return query;
}

// A dog is health- or nonhealth-ready once a swab of it has that part of its results released.
function applyReadinessFilters(db: Db, query: ReturnType<typeof ownedPetsQuery>, filters: PetListFilters) {
  const releasedSwab = (column: string) => db('swabs').whereRaw('swabs.pet_num = pets.pet_num').whereNotNull(column).select(db.raw('1'));
  const readiness = [
    [filters.isHealthReady, 'swabs.health_results_released_at'],
    [filters.isNonhealthReady, 'swabs.breed_results_released_at'],
  ] as const;
  for (const [wanted, column] of readiness) {
    if (wanted === true) query.whereExists(releasedSwab(column));
    if (wanted === false) query.whereNotExists(releasedSwab(column));
  }
}
