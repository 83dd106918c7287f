import type { Db } from '../db/index.js';

type Target =
  | { category: 'breed'; breedSlug: string }
  | { category: 'health'; conditionSlug: string; call?: 'clear' | 'carrier' | 'at_risk' }
  | { category: 'trait'; locusSlug: string; genotype?: string };

interface SeedResource {
  slug: string;
  title: string;
  summary: string;
  url: string;
  priority: number;
  targets: Target[];
}

// Demo articles, written in our own words; each is shown to dogs whose results match a target.
const RESOURCES: SeedResource[] = [
  {
    slug: 'herding-breeds-exercise-and-mental-work',
    title: 'Keeping a herding dog busy: exercise and mental work',
    summary: 'Collies, shepherds and cattle dogs were bred to work all day. Daily runs, scent games and short training sessions keep them calm at home.',
    url: 'https://embarkvet.com/resources/herding-dogs-exercise/',
    priority: 30,
    targets: ['border-collie', 'australian-shepherd', 'australian-cattle-dog', 'german-shepherd-dog', 'shetland-sheepdog'].map((breedSlug) => ({ category: 'breed', breedSlug })),
  },
  {
    slug: 'retrievers-weight-and-joints',
    title: 'Retrievers: keeping weight down to protect the joints',
    summary: 'Labradors and Golden Retrievers love food. Measured meals and a lean body condition lower the load on hips and elbows as they age.',
    url: 'https://embarkvet.com/resources/retriever-weight/',
    priority: 25,
    targets: ['labrador-retriever', 'golden-retriever', 'chesapeake-bay-retriever'].map((breedSlug) => ({ category: 'breed', breedSlug })),
  },
  {
    slug: 'long-backed-breeds-spine-care',
    title: 'Long backs: protecting the spine of Dachshunds and Corgis',
    summary: 'Ramps instead of jumps, a harness instead of a collar and a trim waistline reduce the risk of disc problems in long-backed dogs.',
    url: 'https://embarkvet.com/resources/long-backed-dogs/',
    priority: 20,
    targets: ['dachshund', 'pembroke-welsh-corgi', 'cardigan-welsh-corgi', 'basset-hound'].map((breedSlug) => ({ category: 'breed', breedSlug })),
  },
  {
    slug: 'mdr1-medications-to-discuss-with-your-vet',
    title: 'MDR1: medications to discuss with your vet',
    summary: 'Dogs with the MDR1 variant can react badly to ivermectin, loperamide and some anaesthetics. Share this result with every vet who treats your dog.',
    url: 'https://embarkvet.com/resources/mdr1-drug-sensitivity/',
    priority: 50,
    targets: [
      { category: 'health', conditionSlug: 'mdr1', call: 'at_risk' },
      { category: 'health', conditionSlug: 'mdr1', call: 'carrier' },
    ],
  },
  {
    slug: 'degenerative-myelopathy-staying-mobile',
    title: 'Degenerative myelopathy: keeping an at-risk dog mobile',
    summary: 'Most at-risk dogs never show signs, but regular walks, swimming and watching for scuffed hind nails help catch and slow any weakness early.',
    url: 'https://embarkvet.com/resources/degenerative-myelopathy/',
    priority: 45,
    targets: [{ category: 'health', conditionSlug: 'degenerative-myelopathy', call: 'at_risk' }],
  },
  {
    slug: 'carrier-results-and-breeding',
    title: 'What a carrier result means for your dog and for breeding',
    summary: 'A carrier of a recessive condition stays healthy. It matters only if your dog is bred: pair it with a dog that is clear of the same condition.',
    url: 'https://embarkvet.com/resources/carrier-results/',
    priority: 10,
    targets: ['pra-prcd', 'exercise-induced-collapse', 'huu'].map((conditionSlug) => ({ category: 'health', conditionSlug, call: 'carrier' as const })),
  },
  {
    slug: 'coat-colour-genetics-explained',
    title: 'How your dog got its coat colour',
    summary: 'The E, K and A loci decide which pigment shows and where. A short guide to reading your dog\u2019s coat colour genotypes.',
    url: 'https://embarkvet.com/resources/coat-color-genetics/',
    priority: 5,
    targets: [{ category: 'trait', locusSlug: 'e' }],
  },
  {
    slug: 'grooming-furnished-and-long-coats',
    title: 'Grooming furnished and long coats',
    summary: 'Beards, eyebrows and long coats tangle easily. Brushing to the skin twice a week and a trim every couple of months keep mats away.',
    url: 'https://embarkvet.com/resources/grooming-long-coats/',
    priority: 5,
    targets: [
      { category: 'trait', locusSlug: 'furnishings' },
      { category: 'trait', locusSlug: 'coat-length' },
    ],
  },
];

async function idsBySlug(db: Db, table: string, slugs: string[]): Promise<Map<string, number>> {
  const rows = await db(table).whereIn('slug', slugs).select('slug', 'id');
  return new Map(rows.map((row: { slug: string; id: number }) => [row.slug, row.id]));
}

/**
 * Adds the demo care resources and their targets; resources already present (by slug) are left
 * alone, and targets naming a breed, condition or locus missing from the catalogue are skipped.
 */
export async function seedCareResources(db: Db): Promise<number> {
  const all = RESOURCES.flatMap((r) => r.targets);
  const slugsOf = (category: Target['category'], pick: (t: Target) => string) => all.filter((t) => t.category === category).map(pick);
  return db.transaction(async (trx) => {
    const breeds = await idsBySlug(trx, 'breeds', slugsOf('breed', (t) => (t as { breedSlug: string }).breedSlug));
    const conditions = await idsBySlug(trx, 'health_conditions', slugsOf('health', (t) => (t as { conditionSlug: string }).conditionSlug));
    const loci = await idsBySlug(trx, 'trait_loci', slugsOf('trait', (t) => (t as { locusSlug: string }).locusSlug));
    let added = 0;
    for (const resource of RESOURCES) {
      const [row] = await trx('care_resources')
        .insert({ slug: resource.slug, title: resource.title, summary: resource.summary, url: resource.url, priority: resource.priority })
        .onConflict('slug')
        .ignore()
        .returning('id');
      if (!row) continue;
      const targets = resource.targets.flatMap((t): Record<string, unknown>[] => {
        if (t.category === 'breed') return breeds.has(t.breedSlug) ? [{ category: 'breed', breed_id: breeds.get(t.breedSlug) }] : [];
        if (t.category === 'health')
          return conditions.has(t.conditionSlug) ? [{ category: 'health', health_condition_id: conditions.get(t.conditionSlug), health_call: t.call ?? null }] : [];
        return loci.has(t.locusSlug) ? [{ category: 'trait', trait_locus_id: loci.get(t.locusSlug), trait_genotype: t.genotype ?? null }] : [];
      });
      if (targets.length) await trx('care_resource_targets').insert(targets.map((t) => ({ care_resource_id: row.id, ...t })));
      added++;
    }
    return added;
  });
}
