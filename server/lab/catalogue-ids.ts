import type { Db } from '../db/index.js';

export interface CatalogueIds {
  breed: ReadonlyMap<string, number>;
  breedSlug: ReadonlyMap<number, string>;
  healthCondition: ReadonlyMap<string, number>;
  traitLocus: ReadonlyMap<string, number>;
}

/** Slug → id of every catalogue row results refer to; catalogues only change at start-up. */
export async function loadCatalogueIds(db: Db): Promise<CatalogueIds> {
  const [breeds, conditions, loci] = await Promise.all([
    db('breeds').select('id', 'slug'),
    db('health_conditions').select('id', 'slug'),
    db('trait_loci').select('id', 'slug'),
  ]);
  return {
    breed: new Map(breeds.map((row) => [row.slug, row.id])),
    breedSlug: new Map(breeds.map((row) => [row.id, row.slug])),
    healthCondition: new Map(conditions.map((row) => [row.slug, row.id])),
    traitLocus: new Map(loci.map((row) => [row.slug, row.id])),
  };
}
