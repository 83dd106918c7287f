import type { Db } from '../db/index.js';
import { petNumIn, type PetRead, readPets } from '../pets/reads.js';
import { NOT_TESTED_TEXT } from './health-rules.js';

export interface TraitView {
  name: string;
  gene: string;
  description: string;
  genotype: string | null;
  meaning: string;
  isTested: boolean;
  alleles: { symbol: string; label: string }[];
}

export interface TraitCategoryView {
  name: string;
  slug: string;
  traits: TraitView[];
}

/** Each dog's trait results grouped by category, in the catalogue's category and locus order. */
export const TRAITS: PetRead<TraitCategoryView[]> = {
  queries: (db, petNums) => ({
    results: db('trait_results as r')
      .join('trait_loci as l', 'l.id', 'r.trait_locus_id')
      .join('trait_categories as c', 'c.id', 'l.trait_category_id')
      .where(petNumIn(db, 'r.pet_num', petNums))
      .orderBy('r.pet_num')
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .orderBy('l.sort_order')
      .orderBy('l.id')
      .select('r.pet_num as petNum', 'c.name as category', 'c.slug as categorySlug', 'l.name', 'l.gene', 'l.description', 'l.alleles', 'r.genotype', 'r.call', 'r.is_tested as isTested'),
  }),
  assemble({ results }) {
    const byPet = new Map<number, TraitCategoryView[]>();
    for (const row of results) {
      if (!byPet.has(row.petNum)) byPet.set(row.petNum, []);
      const categories = byPet.get(row.petNum)!;
      let category = categories[categories.length - 1];
      if (!category || category.slug !== row.categorySlug) categories.push((category = { name: row.category, slug: row.categorySlug, traits: [] }));
      category.traits.push({
        name: row.name,
        gene: row.gene,
        description: row.description,
        genotype: row.isTested ? row.genotype : null,
        meaning: row.isTested ? row.call : NOT_TESTED_TEXT,
        isTested: row.isTested,
        alleles: Array.isArray(row.alleles) ? row.alleles : [],
      });
    }
    return byPet;
  },
  missing: () => [],
  versioned: true,
};

/** Trait results of many dogs in one statement. */
export async function loadTraitsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, TraitCategoryView[]>> {
  return (await readPets(db, petNums, { traits: TRAITS })).traits;
}
