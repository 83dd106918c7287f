// Pairs of dogs whose shared-segment kinship the unit tests pin, built without the simulator's
// random streams (the fixture is shared by every test of a run, so its draws depend on what ran
// first): pups are spliced from their parents' haplotypes at fixed points.
import type { SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { NO_CALL, type Calls } from '../../../server/genetics/genotype.js';
import { breedingDogs, fixture } from '../genetics/fixture.js';

export interface PinnedDog {
  calls: Calls;
  shares: Map<string, number>;
  background: Float32Array;
}

type Haplotypes = Pick<SimulatedDog, 'maternal' | 'paternal' | 'ancestry'>;

/** One haplotype of a parent, switching from one copy to the other at each chromosome's `at` fraction (0: no switch). */
function gamete(parent: Haplotypes, at: number, firstCopy: 0 | 1): Uint8Array {
  const { panel } = fixture();
  const out = new Uint8Array(parent.maternal.length);
  const copies = [parent.maternal, parent.paternal];
  for (const range of panel.ranges) {
    const cut = range.start + Math.floor((range.end - range.start) * at);
    for (let j = range.start; j < range.end; j++) out[j] = copies[j < cut ? firstCopy : 1 - firstCopy][j];
  }
  return out;
}

function pup(sire: Haplotypes, dam: Haplotypes, at: number, firstCopy: 0 | 1): Haplotypes {
  const ancestry: Record<string, number> = {};
  for (const [slug, q] of [...Object.entries(sire.ancestry), ...Object.entries(dam.ancestry)]) ancestry[slug] = (ancestry[slug] ?? 0) + q / 2;
  return { maternal: gamete(dam, at, firstCopy), paternal: gamete(sire, 1 - at, firstCopy), ancestry };
}

function dog(haplotypes: Haplotypes, noCallEvery = 0): PinnedDog {
  const { reference, background } = fixture();
  const calls = callsOf(haplotypes);
  if (noCallEvery > 0) for (let j = 5; j < calls.length; j += noCallEvery) calls[j] = NO_CALL;
  void reference;
  return { calls, shares: new Map(Object.entries(haplotypes.ancestry)), background: background(haplotypes as SimulatedDog) };
}

/** Full and half siblings, a parent and its pup, unrelated dogs of one breed and of two, a cross-breed pup, with and without no-calls. */
export function pinnedPairs(): { label: string; a: PinnedDog; b: PinnedDog }[] {
  const labs = breedingDogs('labrador-retriever');
  const beagles = breedingDogs('beagle');
  const [sire, otherSire] = labs.males;
  const [dam, otherDam] = labs.females;
  const first = pup(sire, dam, 0.3, 0);
  const fullSibling = pup(sire, dam, 0.6, 1);
  const halfSibling = pup(sire, otherDam, 0.45, 1);
  const cross = pup(beagles.males[0], dam, 0.5, 0);
  return [
    { label: 'full siblings', a: dog(first), b: dog(fullSibling) },
    { label: 'half siblings', a: dog(first), b: dog(halfSibling) },
    { label: 'parent and pup', a: dog(sire), b: dog(first) },
    { label: 'unrelated labradors', a: dog(sire), b: dog(otherDam) },
    { label: 'labrador and beagle', a: dog(otherSire), b: dog(beagles.females[0]) },
    { label: 'cross-breed pup and its dam', a: dog(cross), b: dog(dam) },
    { label: 'full siblings with no-calls', a: dog(first, 37), b: dog(fullSibling, 53) },
  ];
}
