import type { Db } from '../db/index.js';

export interface BreedRow {
  id: number;
  name: string;
  slug: string;
  breedGroup: string | null;
  sizeClass: string | null;
  weightMinLbs: number | null;
  weightMaxLbs: number | null;
  isIdentifiable: boolean;
  isDesigner: boolean;
  isBreederFacing: boolean;
}

const BREED_COLUMNS = {
  id: 'id',
  name: 'name',
  slug: 'slug',
  breedGroup: 'breed_group',
  sizeClass: 'size_class',
  weightMinLbs: 'weight_min_lbs',
  weightMaxLbs: 'weight_max_lbs',
  isIdentifiable: 'is_identifiable',
  isDesigner: 'is_designer',
  isBreederFacing: 'is_breeder_facing',
};

export type BreedList = 'all' | 'identifiable' | 'designer' | 'breederFacing';

/** Dog breeds of the catalogue (the wolf reference population is not a breed). */
export async function listBreeds(db: Db, list: BreedList): Promise<BreedRow[]> {
  const query = db('breeds').whereNot('population_type', 'wolf').select(BREED_COLUMNS).orderBy('name');
  if (list === 'identifiable') query.where('is_identifiable', true);
  if (list === 'designer') query.where('is_designer', true);
  if (list === 'breederFacing') query.where('is_breeder_facing', true);
  const rows = await query;
  return rows.map((row) => ({ ...row, weightMinLbs: row.weightMinLbs == null ? null : Number(row.weightMinLbs), weightMaxLbs: row.weightMaxLbs == null ? null : Number(row.weightMaxLbs) }));
}

export interface HealthConditionFilters {
  ids?: number[] | null;
  slugs?: string[] | null;
  breedSlug?: string | null;
  nameContains?: string | null;
  gene?: string | null;
}

export interface HealthConditionRow {
  id: number;
  slug: string;
  name: string;
  gene: string;
  variant: string | null;
  modeOfInheritance: string;
  severity: string;
  description: string;
  citations: { citation: string; url?: string }[];
  isBeta: boolean;
  breedSlugs: string[];
}

export async function findHealthConditions(db: Db, filters: HealthConditionFilters): Promise<HealthConditionRow[]> {
  const query = db('health_conditions as hc')
    .leftJoin('health_condition_breeds as hcb', 'hcb.health_condition_id', 'hc.id')
    .leftJoin('breeds as b', 'b.id', 'hcb.breed_id')
    .groupBy('hc.id')
    .orderBy('hc.name')
    .select({
      id: 'hc.id',
      slug: 'hc.slug',
      name: 'hc.name',
      gene: 'hc.gene',
      variant: 'hc.variant',
      modeOfInheritance: 'hc.mode_of_inheritance',
      severity: 'hc.severity',
      description: 'hc.description',
      citations: 'hc.citations',
      isBeta: 'hc.is_beta',
    })
    .select(db.raw("coalesce(array_agg(b.slug order by b.slug) filter (where b.slug is not null), '{}') as \"breedSlugs\""));
  if (filters.ids?.length) query.whereIn('hc.id', filters.ids);
  if (filters.slugs?.length) query.whereIn('hc.slug', filters.slugs);
  if (filters.gene) query.whereILike('hc.gene', filters.gene);
  if (filters.nameContains) query.whereILike('hc.name', `%${filters.nameContains.replace(/[\\%_]/g, '\\$&')}%`);
  if (filters.breedSlug) {
    query.whereExists(db('health_condition_breeds as f').join('breeds as fb', 'fb.id', 'f.breed_id').whereRaw('f.health_condition_id = hc.id').where('fb.slug', filters.breedSlug));
  }
  return query;
}

export interface RegistrationOrganizationRow {
  id: number;
  name: string;
  abbreviation: string | null;
  countryCode: string | null;
  url: string | null;
}

export async function listRegistrationOrganizations(db: Db): Promise<RegistrationOrganizationRow[]> {
  return db('registration_organizations').orderBy('sort_order').select({ id: 'id', name: 'name', abbreviation: 'abbreviation', countryCode: 'country_code', url: 'url' });
}
