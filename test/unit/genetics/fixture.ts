import { buildSimulatedPanel, type MarkerPanel } from '../../../server/genetics/panel.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { buildReferencePanel, individualFrequencies, type ReferencePanel } from '../../../server/genetics/compute/reference-panel.js';
import { populationName } from '../../../server/genetics/compute/breed-mix.js';
import { buildSimulatedReferencePanel } from '../../../server/genetics/simulate/reference.js';

export const FIXTURE_BREEDS = [
  'labrador-retriever', 'golden-retriever', 'standard-poodle', 'beagle', 'boxer', 'german-shepherd-dog',
  'border-collie', 'chihuahua', 'siberian-husky', 'rottweiler', 'flat-coated-retriever', 'gray-wolf',
];

export interface Fixture {
  panel: MarkerPanel;
  simulator: PopulationSimulator;
  reference: ReferencePanel;
  background(dog: SimulatedDog): Float32Array;
}

let cached: Fixture | undefined;

/** One simulated world shared by the genetics tests (built once: a panel, a few breeds, their reference dogs). */
export function fixture(): Fixture {
  if (cached) return cached;
  const panel = buildSimulatedPanel();
  const simulator = new PopulationSimulator({ panel, seed: 11 });
  const reference = buildReferencePanel(
    panel,
    FIXTURE_BREEDS.map((slug) => ({ slug, name: populationName(slug), calls: simulator.stock(slug).map((d) => callsOf(d)) })),
  );
  const background = (dog: SimulatedDog) => individualFrequencies(reference, new Map(Object.entries(dog.ancestry)));
  cached = { panel, simulator, reference, background };
  return cached;
}

/** The fixture's matings start over, so that every test file draws the same dogs whatever ran before it. */
export function restartFixtureMatings(): void {
  cached?.simulator.restartMatings();
}

/** Distinct breeding dogs of a breed, so "unrelated" pups never share a parent by chance. */
export function breedingDogs(slug: string): { males: SimulatedDog[]; females: SimulatedDog[] } {
  const stock = fixture().simulator.stock(slug);
  return { males: stock.filter((d) => d.sex === 'm'), females: stock.filter((d) => d.sex === 'f') };
}

let fullReference: ReferencePanel | undefined;

/** The fixture's world with every reference breed and the wolves, as the lab's breed mix sees it. */
export function allBreedsReference(): ReferencePanel {
  fullReference ??= buildSimulatedReferencePanel(fixture().simulator);
  return fullReference;
}
