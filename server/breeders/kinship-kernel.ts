import { individualFrequencies, type ReferencePanel } from '../genetics/compute/reference-panel.js';
import { sharedDna } from '../genetics/compute/shared-segments.js';
import { unpackGenotype, type Calls } from '../genetics/genotype.js';

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

// A candidate's calls and background, overwritten by the next candidate (comparing is synchronous).
let candidateCalls = new Uint8Array(0);
let candidateBackground = new Float32Array(0);

/**
 * The parents' kinship of the chosen dog and one candidate, both on the lab's panel (sire first):
 * shared segments against each dog's breed background, as parentsKinship works it out, with the
 * candidate unpacked into reused arrays rather than allocated for each of thousands. The main
 * thread and the kinship threads (kinship-threads.ts) both compare through it.
 */
export function labPanelKinship(reference: ReferencePanel, own: ChosenDog, ownIsSire: boolean, other: PackedLabGenotype): number {
  if (candidateCalls.length < other.markerCount) candidateCalls = new Uint8Array(other.markerCount);
  if (candidateBackground.length !== reference.panel.markers.length) candidateBackground = new Float32Array(reference.panel.markers.length);
  const calls = unpackGenotype(other.packed, other.markerCount, candidateCalls);
  const otherBackground = individualFrequencies(reference, other.breedShares, candidateBackground);
  const shared = ownIsSire
    ? sharedDna(reference.panel, own.calls, calls, own.background, otherBackground)
    : sharedDna(reference.panel, calls, own.calls, otherBackground, own.background);
  return shared.kinship;
}
