import { individualFrequencies, type ReferencePanel } from '../genetics/compute/reference-panel.js';
import { sharedDna } from '../genetics/compute/shared-segments.js';
import { unpackGenotype, type Calls } from '../genetics/genotype.js';
import { recentlyUsed } from '../shared/recently-used.js';

/** A genotype on the lab's panel as stored: packed calls, and the breed shares its background comes from. */
export interface PackedLabGenotype {
  packed: Uint8Array;
  markerCount: number;
  breedShares: ReadonlyMap<string, number>;
}

/** The chosen dog of a matchmaker pass, unpacked once: its calls and breed background on the lab's panel. */
export interface ChosenDog {
  calls: Calls;
  background: Float32Array;
}

// A candidate's calls, overwritten by the next candidate (comparing is synchronous).
let candidateCalls = new Uint8Array(0);

// Dogs of the same breed mix share one background: most candidates are purebred, and working a
// background out costs about a sixth of a comparison. The most recently used are kept; callers only read them.
const KEPT_BACKGROUNDS = 128;
const backgrounds = new WeakMap<ReferencePanel, Map<string, Float32Array>>();

/** The breed background sharedDna judges a dog against (relatednessBackground's), kept per breed mix. */
export function backgroundOf(reference: ReferencePanel, breedShares: ReadonlyMap<string, number>): Float32Array {
  let kept = backgrounds.get(reference);
  if (!kept) backgrounds.set(reference, (kept = new Map()));
  let key = '';
  for (const [slug, share] of breedShares) key += `${slug}=${share};`;
  return recentlyUsed(kept, key, KEPT_BACKGROUNDS, () => individualFrequencies(reference, breedShares));
}

/**
 * The parents' kinship of the chosen dog and one candidate, both on the lab's panel (sire first):
 * shared segments against each dog's breed background, as parentsKinship works it out, with the
 * candidate unpacked into a reused array rather than allocated for each of thousands. The main
 * thread and the kinship threads (kinship-threads.ts) both compare through it.
 */
export function labPanelKinship(reference: ReferencePanel, own: ChosenDog, ownIsSire: boolean, other: PackedLabGenotype): number {
  if (candidateCalls.length < other.markerCount) candidateCalls = new Uint8Array(other.markerCount);
  const calls = unpackGenotype(other.packed, other.markerCount, candidateCalls);
  const otherBackground = backgroundOf(reference, other.breedShares);
  const shared = ownIsSire
    ? sharedDna(reference.panel, own.calls, calls, own.background, otherBackground)
    : sharedDna(reference.panel, calls, own.calls, otherBackground, own.background);
  return shared.kinship;
}
