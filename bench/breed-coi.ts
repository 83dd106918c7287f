// COI of the simulated demo population as the lab measures it (issue 35 §1): per breed, mixed breeds, first crosses.
// Run: npx tsx bench/breed-coi.ts [size] [seed]; CLOSED_BREEDING=0 for the mosaic breeds, ESTIMATE=1 for the lab's own breed mix as background.
// The reference (world) is the lab's, built as the app builds it.
import { buildSimulatedReferencePanel, simulatedWorld } from '../server/genetics/simulate/reference.js';
import { GRAY_WOLF } from '../server/genetics/catalogue/breeds.js';
import { simulatePopulation } from '../server/genetics/simulate/population.js';
import { analyseGenotype } from '../server/lab/engine.js';
import { genomicInbreeding } from '../server/genetics/compute/inbreeding.js';
import { individualFrequencies } from '../server/genetics/compute/reference-panel.js';
import { DEFAULT_LAB_OPTIONS } from '../server/lab/options.js';

const size = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? DEFAULT_LAB_OPTIONS.seed);
const estimate = process.env.ESTIMATE === '1';
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

let t = performance.now();
const world = simulatedWorld({ seed, snpCount: DEFAULT_LAB_OPTIONS.panelSize });
const panel = world.panel;
const worldMs = performance.now() - t;
t = performance.now();
const closedBreeding = process.env.CLOSED_BREEDING !== '0';
const { dogs, simulator } = simulatePopulation({ seed, size, panel, currentYear: 2025, closedBreeding });
// closed breeds: the reference of the breeds in the population, bred as the population's were (the lab's world is not yet)
const slugs = [...new Set(dogs.flatMap((d) => Object.keys(d.ancestry))), GRAY_WOLF.slug];
const reference = closedBreeding ? buildSimulatedReferencePanel(simulator, [...new Set(slugs)]) : world.reference;
const populationMs = performance.now() - t;
t = performance.now();
const byBreed = new Map<string, number[]>();
const byKind = new Map<string, number[]>();
for (const dog of dogs) {
  const coi = estimate
    ? (analyseGenotype(reference, dog.calls, dog.sex).results as { coi?: number | null }).coi ?? NaN
    : genomicInbreeding(panel, dog.calls, individualFrequencies(reference, new Map(Object.entries(dog.ancestry)))).coi;
  (byKind.get(dog.kind) ?? byKind.set(dog.kind, []).get(dog.kind)!).push(coi);
  if (dog.kind === 'purebred') {
    const slug = Object.keys(dog.ancestry)[0];
    (byBreed.get(slug) ?? byBreed.set(slug, []).get(slug)!).push(coi);
  }
}
const coiMs = performance.now() - t;
console.log(`world ${(worldMs / 1000).toFixed(2)} s, population of ${size} ${(populationMs / 1000).toFixed(2)} s, COI ${(coiMs / 1000).toFixed(2)} s (${estimate ? 'estimated' : 'true'} ancestry)`);
for (const [slug, xs] of [...byBreed].sort((a, b) => median(a[1]) - median(b[1]))) console.log(`  ${slug.padEnd(34)} n=${String(xs.length).padStart(3)} median ${median(xs).toFixed(3)}`);
for (const [kind, xs] of byKind) console.log(`${kind.padEnd(20)} n=${String(xs.length).padStart(4)} median ${median(xs).toFixed(4)} under 0.05: ${((xs.filter((x) => x < 0.05).length / xs.length) * 100).toFixed(0)}% max ${Math.max(...xs).toFixed(3)}`);
