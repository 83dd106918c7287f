import { petNumIn, type PetRead } from '../pets/reads.js';

export type CareTargetCategory = 'breed' | 'health' | 'trait';

/** A care resource matched to a dog, with the targets that matched (spec 2 §3 careResources.targets). */
export interface CareResource {
  id: number;
  slug: string;
  title: string;
  summary: string | null;
  /** Only web links; anything else stored is not rendered as a link. */
  url: string | null;
  categories: CareTargetCategory[];
  targets: { category: CareTargetCategory; name: string }[];
}

/**
 * Published care resources whose targets match each dog's breeds, health calls or tested trait
 * genotypes. Most important resource first, then by title; targets in their stored order.
 */
export const CARE_RESOURCES: PetRead<CareResource[]> = {
  queries: (db, petNums) => {
    const base = () =>
      db('care_resources as cr')
        .join('care_resource_targets as t', 't.care_resource_id', 'cr.id')
        .where('cr.is_published', true)
        .select('cr.id', 'cr.slug', 'cr.title', 'cr.summary', 'cr.url', 'cr.priority', 't.category', 't.id as targetId');
    return {
      breeds: base()
        .where('t.category', 'breed')
        .join('breed_mix_rows as m', 'm.breed_id', 't.breed_id')
        .join('breeds as b', 'b.id', 't.breed_id')
        .where(petNumIn(db, 'm.pet_num', petNums))
        .select('m.pet_num as petNum', 'b.name as targetName'),
      health: base()
        .where('t.category', 'health')
        .join('health_results as h', (j) => j.on('h.health_condition_id', 't.health_condition_id').andOn(db.raw('(t.health_call is null or t.health_call = h.call)')))
        .join('health_conditions as hc', 'hc.id', 't.health_condition_id')
        .where(petNumIn(db, 'h.pet_num', petNums))
        .select('h.pet_num as petNum', 'hc.name as targetName'),
      traits: base()
        .where('t.category', 'trait')
        .join('trait_results as r', (j) => j.on('r.trait_locus_id', 't.trait_locus_id').andOn(db.raw('r.is_tested and (t.trait_genotype is null or t.trait_genotype = r.genotype)')))
        .join('trait_loci as tl', 'tl.id', 't.trait_locus_id')
        .where(petNumIn(db, 'r.pet_num', petNums))
        .select('r.pet_num as petNum', 'tl.name as targetName'),
    };
  },
  assemble({ breeds, health, traits }) {
    const rows = [...breeds, ...health, ...traits].sort((a, b) => b.priority - a.priority || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || a.targetId - b.targetId);
    const byPet = new Map<number, Map<number, CareResource>>();
    for (const row of rows) {
      if (!byPet.has(row.petNum)) byPet.set(row.petNum, new Map());
      const resources = byPet.get(row.petNum)!;
      let resource = resources.get(row.id);
      if (!resource) {
        const url = row.url && /^https?:\/\//i.test(row.url) ? row.url : null;
        resource = { id: row.id, slug: row.slug, title: row.title, summary: row.summary, url, categories: [], targets: [] };
        resources.set(row.id, resource);
      }
      if (!resource.categories.includes(row.category)) resource.categories.push(row.category);
      if (!resource.targets.some((t) => t.category === row.category && t.name === row.targetName)) resource.targets.push({ category: row.category, name: row.targetName });
    }
    return new Map([...byPet].map(([petNum, resources]) => [petNum, [...resources.values()]]));
  },
  missing: () => [],
};

/** spec 1 §3 Pet.preferences: what the owner shares for care resources (edited by updatePetPreferences). */
export interface CarePreferences {
  shareCareResourcesProfileAndResults: boolean;
  shareCareResourcesSurveys: boolean;
}

/** Each dog's care sharing preferences (family sharing is per dog, spec 1 §3). */
export const CARE_PREFERENCES: PetRead<CarePreferences> = {
  queries: (db, petNums) => ({
    pets: db('pets').where(petNumIn(db, 'pet_num', petNums)).select({ petNum: 'pet_num', profileAndResults: 'share_care_resources_profile_and_results', surveys: 'share_care_resources_surveys' }),
  }),
  assemble: ({ pets }) =>
    new Map(pets.map((row) => [row.petNum, { shareCareResourcesProfileAndResults: Boolean(row.profileAndResults), shareCareResourcesSurveys: Boolean(row.surveys) }])),
  missing: () => ({ shareCareResourcesProfileAndResults: false, shareCareResourcesSurveys: false }),
};
