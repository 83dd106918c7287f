import type { Db } from '../db/index.js';
import { BREEDS, GRAY_WOLF } from '../genetics/catalogue/breeds.js';
import { HEALTH_CONDITIONS } from '../genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../genetics/catalogue/traits.js';
import { REGISTRATION_ORGANIZATIONS } from '../genetics/catalogue/registration-organizations.js';
import type { Breed, ModeOfInheritance } from '../genetics/catalogue/types.js';
import { pgArray } from '../pets/reads.js';

const MODE_OF_INHERITANCE: Record<ModeOfInheritance, string> = {
  'autosomal recessive': 'autosomal_recessive',
  'autosomal dominant': 'autosomal_dominant',
  'incomplete dominant': 'autosomal_incomplete_dominance',
  'X-linked recessive': 'x_linked_recessive',
};

const COUNTRY_CODES: Record<string, string> = {
  'United States': 'US', Canada: 'CA', 'United Kingdom': 'GB', Australia: 'AU', 'New Zealand': 'NZ', Ireland: 'IE',
  Germany: 'DE', France: 'FR', Italy: 'IT', Spain: 'ES', Netherlands: 'NL', Sweden: 'SE', Norway: 'NO', Finland: 'FI',
  Denmark: 'DK', Japan: 'JP', 'South Africa': 'ZA', Brazil: 'BR', Mexico: 'MX', Belgium: 'BE', Switzerland: 'CH',
};

export const traitLocusSlug = (id: string) => id.toLowerCase();
const categorySlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function breedRow(breed: Breed, populationType: 'breed' | 'village') {
  return {
    name: breed.name,
    slug: breed.slug,
    breed_group: breed.group,
    size_class: capitalize(breed.sizeClass),
    weight_min_lbs: breed.weightLbs.min,
    weight_max_lbs: breed.weightLbs.max,
    population_type: populationType,
    is_identifiable: breed.isIdentifiable,
    is_designer: breed.isDesigner,
    is_breeder_facing: breed.isBreederFacing,
  };
}

/**
 * Brings the catalogue tables in line with the engine's catalogues (server/genetics/catalogue),
 * the single source of these facts. Idempotent: run at every start and before tests.
 */
export async function syncCatalogues(db: Db): Promise<void> {
  await db.transaction(async (trx) => {
    const breeds = [
      ...BREEDS.map((breed) => breedRow(breed, breed.group === 'Village Dog' ? 'village' : 'breed')),
      {
        name: GRAY_WOLF.name,
        slug: GRAY_WOLF.slug,
        breed_group: null,
        size_class: 'Giant',
        weight_min_lbs: GRAY_WOLF.weightLbs.min,
        weight_max_lbs: GRAY_WOLF.weightLbs.max,
        population_type: 'wolf',
        is_identifiable: false,
        is_designer: false,
        is_breeder_facing: false,
      },
    ];
    await trx('breeds').insert(breeds).onConflict('slug').merge();
    const breedIds = new Map<string, number>((await trx('breeds').select('slug', 'id')).map((row) => [row.slug, row.id]));

    const components = BREEDS.flatMap((breed) =>
      (breed.parentSlugs ?? []).map((parent) => ({ designer_breed_id: breedIds.get(breed.slug), component_breed_id: breedIds.get(parent) })),
    ).filter((row) => row.designer_breed_id && row.component_breed_id);
    if (components.length) await trx('designer_breed_components').insert(components).onConflict(['designer_breed_id', 'component_breed_id']).ignore();

    await trx('health_conditions')
      .insert(
        HEALTH_CONDITIONS.map((condition) => ({
          slug: condition.id,
          name: condition.name,
          gene: condition.gene,
          variant: condition.variant,
          mode_of_inheritance: MODE_OF_INHERITANCE[condition.moi],
          severity: condition.severity,
          description: condition.description,
          citations: JSON.stringify(condition.references),
        })),
      )
      .onConflict('slug')
      .merge();
    const conditionIds = new Map<string, number>((await trx('health_conditions').select('slug', 'id')).map((row) => [row.slug, row.id]));
    const relevance = HEALTH_CONDITIONS.flatMap((condition) =>
      condition.breedSlugs.filter((slug) => breedIds.has(slug)).map((slug) => ({ health_condition_id: conditionIds.get(condition.id), breed_id: breedIds.get(slug) })),
    );
    if (relevance.length) await trx('health_condition_breeds').insert(relevance).onConflict(['health_condition_id', 'breed_id']).ignore();
    // a breed the catalogue no longer lists for a condition (its variant became a row of its own) stops being relevant
    // the pairs kept go as two arrays: a list of ~700 pairs in NOT IN nests deeper than PGlite's stack allows
    const catalogueConditionIds = HEALTH_CONDITIONS.map((condition) => conditionIds.get(condition.id)!);
    await trx.raw(
      `delete from health_condition_breeds h
        where h.health_condition_id = any(?::int[])
          and not exists (select 1 from unnest(?::int[], ?::int[]) as kept(condition_id, breed_id)
                           where kept.condition_id = h.health_condition_id and kept.breed_id = h.breed_id)`,
      [pgArray(catalogueConditionIds), pgArray(relevance.map((row) => row.health_condition_id!)), pgArray(relevance.map((row) => row.breed_id!))],
    );

    const categories = [...new Set(TRAIT_LOCI.map((locus) => locus.category))];
    await trx('trait_categories')
      .insert(categories.map((name, index) => ({ slug: categorySlug(name), name, sort_order: index })))
      .onConflict('slug')
      .merge();
    const categoryIds = new Map<string, number>((await trx('trait_categories').select('name', 'id')).map((row) => [row.name, row.id]));
    await trx('trait_loci')
      .insert(
        TRAIT_LOCI.map((locus, index) => ({
          slug: traitLocusSlug(locus.id),
          name: locus.name,
          gene: locus.gene,
          trait_category_id: categoryIds.get(locus.category),
          description: locus.dominance,
          alleles: JSON.stringify(locus.alleles.map((allele) => ({ symbol: allele.symbol, label: allele.meaning }))),
          sort_order: index,
        })),
      )
      .onConflict('slug')
      .merge();

    await trx('registration_organizations')
      .insert(
        REGISTRATION_ORGANIZATIONS.map((org, index) => ({
          name: org.name,
          abbreviation: org.abbreviation,
          country_code: COUNTRY_CODES[org.country] ?? null,
          url: org.url,
          sort_order: index,
        })),
      )
      .onConflict('name')
      .merge();
  });
}
