// Genetics budgets: relative matching of one dog against 100,000 stored dogs, and one lab ingest end to end.
import { simulatedWorld } from '../server/genetics/simulate/reference.js';
import { callsOf } from '../server/genetics/simulate/dog.js';
import { syntheticCalls, syntheticShares } from '../server/genetics/simulate/synthetic.js';
import { addToRelativeIndex, createRelativeIndex, screenRelatives } from '../server/genetics/compute/relative-screen.js';
import { individualFrequencies } from '../server/genetics/compute/reference-panel.js';
import { sharedDna } from '../server/genetics/compute/shared-segments.js';
import { relatednessCategory } from '../server/genetics/compute/relatedness.js';
import { writeTsvGenotypes } from '../server/genetics/formats/tsv.js';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { syncCatalogues } from '../server/catalogue/sync.js';
import { openLab } from '../server/lab/lab.js';
import { DEFAULT_LAB_OPTIONS } from '../server/lab/options.js';
import { ingestGenotypeFile } from '../server/lab/ingest.js';
import { hashPassword } from '../server/auth/passwords.js';
import { buildSimulatedPanel } from '../server/genetics/panel.js';
import { PopulationSimulator } from '../server/genetics/simulate/simulator.js';
import { kingKinship } from '../server/genetics/compute/king.js';
import { insertUser } from '../server/users/queries.js';
import { insertPetForOwner } from '../server/pets/mutations.js';

const STORED_DOGS = 100_000;
const ARRAY_MARKERS = 230_000;

/** Kinship and shared segments of two full siblings typed on a 230k-marker array (issue 7 budget: < 200 ms). */
function benchArrayPair(): string {
  const panel = buildSimulatedPanel({ snpCount: ARRAY_MARKERS, seed: 7 });
  const simulator = new PopulationSimulator({ panel, seed: DEFAULT_LAB_OPTIONS.seed });
  const [sire, dam] = simulator.breedingPair('labrador-retriever');
  const [a, b] = simulator.litter(sire, dam, 2);
  const background = simulator.referenceFrequencies('labrador-retriever');
  const [callsA, callsB] = [callsOf(a), callsOf(b)];
  const started = performance.now();
  const king = kingKinship(callsA, callsB);
  const shared = sharedDna(panel, callsA, callsB, background, background);
  const ms = performance.now() - started;
  return `kinship and shared segments of two ${panel.markers.length.toLocaleString('en-US')}-marker dogs: ${ms.toFixed(0)} ms (KING ${king.kinship.toFixed(3)}, ${shared.segments.length} segments; budget < 200 ms): ${ms < 200 ? 'OK' : 'OVER BUDGET'}`;
}

export async function benchGenetics(): Promise<string[]> {
  const { panel, simulator, reference } = simulatedWorld({ seed: DEFAULT_LAB_OPTIONS.seed, snpCount: DEFAULT_LAB_OPTIONS.panelSize });
  const [sire, dam] = simulator.breedingPair('labrador-retriever');
  const [pup, sibling] = simulator.litter(sire, dam, 2);
  const index = createRelativeIndex(panel, STORED_DOGS);
  const known = new Map([sire, dam, sibling].map((dog) => [dog.id, { calls: callsOf(dog), shares: new Map(Object.entries(dog.ancestry)) }]));
  for (const [id, dog] of known) addToRelativeIndex(index, id, dog.calls);
  const buffer = new Uint8Array(panel.markers.length).fill(3);
  for (let id = 10_000_000; index.size < STORED_DOGS; id++) addToRelativeIndex(index, id, syntheticCalls(reference, id, index.markers, buffer));

  const query = callsOf(pup);
  const background = individualFrequencies(reference, new Map(Object.entries(pup.ancestry)));
  const started = performance.now();
  const candidates = screenRelatives(index, query);
  let relatives = 0;
  for (const candidate of candidates) {
    const stored = known.get(candidate.id);
    const calls = stored?.calls ?? syntheticCalls(reference, candidate.id, panel.autosomalSnps, new Uint8Array(panel.markers.length).fill(3));
    const shares = stored?.shares ?? syntheticShares(reference, candidate.id);
    if (relatednessCategory(sharedDna(panel, query, calls, background, individualFrequencies(reference, shares)))) relatives++;
  }
  const matchSeconds = (performance.now() - started) / 1000;

  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  try {
    await migrateToLatest(database.db);
    await syncCatalogues(database.db);
    const lab = await openLab(database.db, DEFAULT_LAB_OPTIONS);
    const owner = await insertUser(database.db, { email: `bench-${Date.now()}@bench.test`, name: 'Bench', passwordHash: await hashPassword('benchmark') });
    const petNum = await insertPetForOwner(database.db, owner.id, { name: 'Bench Dog', sex: 'f' });
    const swabCode = `BENCH${Date.now()}`;
    await database.db('swabs').insert({ swab_code: swabCode, pet_num: petNum, swab_state: 'activated', product_type: 'ComprehensiveConsumer', activated_at: database.db.fn.now() });
    const file = writeTsvGenotypes(panel, callsOf(simulator.purebred('beagle', 'f')), { swabCode });
    const ingestStarted = performance.now();
    await ingestGenotypeFile(database.db, lab, { fileName: 'bench.tsv', text: file });
    const ingestMs = performance.now() - ingestStarted;
    return [
      benchArrayPair(),
      `relative matching: 1 dog against ${STORED_DOGS.toLocaleString('en-US')} stored dogs in ${matchSeconds.toFixed(2)} s (${candidates.length} candidates, ${relatives} relatives; budget < 1 s): ${matchSeconds < 1 ? 'OK' : 'OVER BUDGET'}`,
      `lab ingest of one ${panel.markers.length}-marker file, end to end on ${database.kind}: ${ingestMs.toFixed(0)} ms`,
    ];
  } finally {
    await database.close();
  }
}
