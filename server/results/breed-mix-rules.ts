// Pure rules of the breed mix display: Supermutt, scenario text, donut geometry (spec 2 §9).
import { BREED_MIX_RULES, SUPERMUTT } from '../genetics/compute/breed-mix.js';

export interface StoredBreedRow {
  breedId: number;
  breedName: string;
  slug: string;
  pct: number;
  colorIndex: number;
  isTrace: boolean;
}

export interface DisplayBreed {
  breedId: number | null;
  breedName: string;
  slug: string | null;
  breedPct: number;
  displayBreedPercent: string;
  colorIndex: number;
}

export const displayPercent = (pct: number): string => `${pct.toFixed(1)}%`;
const tenth = (x: number) => Math.round(x * 10) / 10;

/**
 * The breeds as the engine shows them: the named breeds, then every trace breed (under 5%)
 * summed into one Supermutt entry with the last colour. The engine's percents add up to 100,
 * so Supermutt is what the named breeds leave.
 */
export function displayBreedMix(rows: readonly StoredBreedRow[]): { breeds: DisplayBreed[]; traceBreeds: DisplayBreed[] } {
  const main = rows.filter((row) => !row.isTrace);
  const traces = rows.filter((row) => row.isTrace);
  const toDisplay = (row: StoredBreedRow): DisplayBreed => ({
    breedId: row.breedId,
    breedName: row.breedName,
    slug: row.slug,
    breedPct: row.pct,
    displayBreedPercent: displayPercent(row.pct),
    colorIndex: row.colorIndex,
  });
  const breeds = main.map(toDisplay);
  if (traces.length > 0) {
    const left = tenth(100 - main.reduce((sum, row) => sum + row.pct, 0));
    const pct = left > 0 ? left : tenth(traces.reduce((sum, row) => sum + row.pct, 0));
    breeds.push({ breedId: null, breedName: SUPERMUTT, slug: null, breedPct: pct, displayBreedPercent: displayPercent(pct), colorIndex: BREED_MIX_RULES.colorCount });
  }
  return { breeds, traceBreeds: traces.map(toDisplay) };
}

const pctOf = (fraction: number) => Math.round(fraction * 100);

/** A sample whose markers (a real array's) do not cover the reference breeds has no breed mix, and no scenario to explain. */
export const breedMixNotTestedText = 'Not tested on this sample: the DNA file comes from another lab\u2019s test, which does not read the spots in the DNA we compare with our reference breeds, so no breed mix could be worked out.';

/** What the stored breed mix scenario means, in words. */
export function breedMixScenarioText(scenario: string): string {
  switch (scenario) {
    case 'purebred':
      return `Purebred: one breed makes up at least ${pctOf(BREED_MIX_RULES.purebredAtLeast)}% of this dog's DNA.`;
    case 'designer':
      return 'Designer breed: a cross of the two breeds behind a named designer breed.';
    case 'first_cross':
      return 'First-generation cross: two breeds, most likely one parent of each.';
    case 'super_mutt':
      return `Supermutt: at least ${pctOf(BREED_MIX_RULES.supermuttMixAtLeast)}% of the DNA comes from many breeds, each under ${pctOf(BREED_MIX_RULES.traceBelow)}%, from far back in the family tree.`;
    case 'village':
      return 'Village dog: descended from free-ranging dogs that live alongside people, not from modern breeds.';
    default:
      return 'Mixed breed: several breeds in the recent family tree.';
  }
}

export const DONUT = { size: 200, thickness: 17 } as const;

export interface DonutSegment {
  colorIndex: number;
  breedName: string;
  dashArray: string;
  dashOffset: string;
}

const fixed = (x: number) => x.toFixed(3);

/** Stroke dashes of one circle per breed, clockwise from the top, ring thickness 17 (spec 2 §9). */
export function donutSegments(breeds: readonly DisplayBreed[], radius = (DONUT.size - DONUT.thickness) / 2): DonutSegment[] {
  const circumference = 2 * Math.PI * radius;
  const total = breeds.reduce((sum, b) => sum + b.breedPct, 0) || 100;
  let start = 0;
  return breeds.map((breed) => {
    const length = (breed.breedPct / total) * circumference;
    const segment = { colorIndex: breed.colorIndex, breedName: breed.breedName, dashArray: `${fixed(length)} ${fixed(circumference - length)}`, dashOffset: fixed(-start) };
    start += length;
    return segment;
  });
}

/** The percent ring of one breed: its arc filled by the percent detected. */
export function percentRing(pct: number, radius: number): { dashArray: string; circumference: string } {
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.min(Math.max(pct, 0), 100) / 100) * circumference;
  return { dashArray: `${fixed(filled)} ${fixed(circumference)}`, circumference: fixed(circumference) };
}
