import type { Db } from '../db/index.js';

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

/** Published care resources whose targets match the dog's breeds, health calls or trait genotypes. */
export async function loadCareResources(db: Db, petNum: number): Promise<CareResource[]> {
  const rows = await db('care_resources as cr')
    .join('care_resource_targets as t', 't.care_resource_id', 'cr.id')
    .leftJoin('breeds as b', 'b.id', 't.breed_id')
    .leftJoin('health_conditions as hc', 'hc.id', 't.health_condition_id')
    .leftJoin('trait_loci as tl', 'tl.id', 't.trait_locus_id')
    .where('cr.is_published', true)
    .where((q) =>
      q
        .where((b) => b.where('t.category', 'breed').whereExists(db('breed_mix_rows as m').whereRaw('m.breed_id = t.breed_id').where('m.pet_num', petNum)))
        .orWhere((h) =>
          h.where('t.category', 'health').whereExists(
            db('health_results as h').whereRaw('h.health_condition_id = t.health_condition_id and (t.health_call is null or t.health_call = h.call)').where('h.pet_num', petNum),
          ),
        )
        .orWhere((tr) =>
          tr.where('t.category', 'trait').whereExists(
            db('trait_results as r')
              .whereRaw('r.trait_locus_id = t.trait_locus_id and r.is_tested and (t.trait_genotype is null or t.trait_genotype = r.genotype)')
              .where('r.pet_num', petNum),
          ),
        ),
    )
    .orderBy('cr.priority', 'desc')
    .orderBy('cr.title')
    .orderBy('t.id')
    .select('cr.id', 'cr.slug', 'cr.title', 'cr.summary', 'cr.url', 't.category', 'b.name as breedName', 'hc.name as conditionName', 'tl.name as traitName');
  const resources = new Map<number, CareResource>();
  for (const row of rows) {
    let resource = resources.get(row.id);
    if (!resource) {
      const url = row.url && /^https?:\/\//i.test(row.url) ? row.url : null;
      resource = { id: row.id, slug: row.slug, title: row.title, summary: row.summary, url, categories: [], targets: [] };
      resources.set(row.id, resource);
    }
    if (!resource.categories.includes(row.category)) resource.categories.push(row.category);
    const name: string = row.breedName ?? row.conditionName ?? row.traitName;
    if (!resource.targets.some((t) => t.category === row.category && t.name === name)) resource.targets.push({ category: row.category, name });
  }
  return [...resources.values()];
}

/** spec 1 §3 Pet.preferences: what the owner shares for care resources (edited by updatePetPreferences). */
export interface CarePreferences {
  shareCareResourcesProfileAndResults: boolean;
  shareCareResourcesSurveys: boolean;
}

export async function loadCarePreferences(db: Db, petNum: number): Promise<CarePreferences> {
  const row = await db('pets').where({ pet_num: petNum }).first('share_care_resources_profile_and_results', 'share_care_resources_surveys');
  return {
    shareCareResourcesProfileAndResults: Boolean(row?.share_care_resources_profile_and_results),
    shareCareResourcesSurveys: Boolean(row?.share_care_resources_surveys),
  };
}
