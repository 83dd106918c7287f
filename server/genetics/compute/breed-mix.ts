import { BREEDS, GRAY_WOLF, breedBySlug } from '../catalogue/breeds.js';

export const BREED_MIX_RULES = {
  /** Shares under this are estimation noise and are not reported at all. */
  noiseBelow: 0.01,
  /** Breeds under this share are trace breeds, summed into Supermutt. */
  traceBelow: 0.05,
  /** A dog whose top breed reaches this share is reported as purebred. */
  purebredAtLeast: 0.9,
  /** Supermutt at or above this share makes the mix a Supermutt mix. */
  supermuttMixAtLeast: 0.2,
  /** Most colours a mix bar uses; Supermutt always takes the last one. */
  colorCount: 9,
} as const;

export const SUPERMUTT = 'Supermutt';

export type BreedMixScenario = 'purebred' | 'twoBreedCross' | 'multiBreedMix' | 'supermuttMix';

export interface BreedMixEntry {
  breedName: string;
  breedSlug: string | null;
  /** Percent with one decimal; the entries add up to exactly 100. */
  breedPct: number;
  displayBreedPercent: string;
  colorIndex: number;
}

export interface TraceBreed {
  breedName: string;
  breedSlug: string;
  breedPct: number;
}

export interface BreedMix {
  breedMix: BreedMixEntry[];
  traceBreeds: TraceBreed[];
  breedMixScenario: BreedMixScenario;
  breedMixName: string;
  breedType: 'purebred' | 'mixed';
}

export function populationName(slug: string): string {
  if (slug === GRAY_WOLF.slug) return GRAY_WOLF.name;
  return breedBySlug(slug)?.name ?? slug;
}

/** Rounds shares to one-decimal percents that still add up to 100 (largest remainder). */
export function roundedPercents(shares: readonly number[]): number[] {
  const total = shares.reduce((s, x) => s + x, 0) || 1;
  const tenths = shares.map((s) => (s / total) * 1000);
  const floors = tenths.map(Math.floor);
  let missing = 1000 - floors.reduce((s, x) => s + x, 0);
  const order = tenths.map((t, i) => [t - Math.floor(t), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (missing <= 0) break;
    floors[i]++;
    missing--;
  }
  return floors.map((f) => f / 10);
}

/** Turns ancestry shares (slug → fraction) into the breed mix the results pages show. */
export function summariseBreedMix(shares: ReadonlyMap<string, number>): BreedMix {
  const kept = [...shares].filter(([, q]) => q >= BREED_MIX_RULES.noiseBelow).sort((a, b) => b[1] - a[1]);
  const total = kept.reduce((s, [, q]) => s + q, 0) || 1;
  const normalised = kept.map(([slug, q]) => [slug, q / total] as const);
  const main = normalised.filter(([, q]) => q >= BREED_MIX_RULES.traceBelow).slice(0, BREED_MIX_RULES.colorCount - 1);
  const mainSlugs = new Set(main.map(([s]) => s));
  const traces = normalised.filter(([s]) => !mainSlugs.has(s));
  const supermutt = traces.reduce((s, [, q]) => s + q, 0);
  const percents = roundedPercents([...main.map(([, q]) => q), ...(supermutt > 0 ? [supermutt] : [])]);
  const breedMix: BreedMixEntry[] = main.map(([slug], i) => ({
    breedName: populationName(slug),
    breedSlug: slug,
    breedPct: percents[i],
    displayBreedPercent: `${percents[i].toFixed(1)}%`,
    colorIndex: i + 1,
  }));
  if (supermutt > 0) {
    const pct = percents[percents.length - 1];
    breedMix.push({ breedName: SUPERMUTT, breedSlug: null, breedPct: pct, displayBreedPercent: `${pct.toFixed(1)}%`, colorIndex: BREED_MIX_RULES.colorCount });
  }
  const traceBreeds = traces.map(([slug, q]) => ({ breedName: populationName(slug), breedSlug: slug, breedPct: Math.round(q * 1000) / 10 }));
  const breedMixScenario = scenarioFor(main.map(([, q]) => q), supermutt);
  return {
    breedMix,
    traceBreeds,
    breedMixScenario,
    breedMixName: mixName(breedMixScenario, main.map(([s]) => s)),
    breedType: breedMixScenario === 'purebred' ? 'purebred' : 'mixed',
  };
}

function scenarioFor(main: readonly number[], supermutt: number): BreedMixScenario {
  if ((main[0] ?? 0) >= BREED_MIX_RULES.purebredAtLeast) return 'purebred';
  if (supermutt >= BREED_MIX_RULES.supermuttMixAtLeast) return 'supermuttMix';
  if (main.length === 2) return 'twoBreedCross';
  return 'multiBreedMix';
}

/** A designer cross whose parent breeds are exactly these two, if any (Labrador × Poodle → Labradoodle). */
export function designerCrossOf(slugA: string, slugB: string): string | undefined {
  return BREEDS.find((b) => b.isDesigner && b.parentSlugs?.length === 2 && b.parentSlugs.includes(slugA) && b.parentSlugs.includes(slugB))?.name;
}

function mixName(scenario: BreedMixScenario, slugs: readonly string[]): string {
  const names = slugs.map(populationName);
  if (names.length === 0) return SUPERMUTT;
  if (scenario === 'purebred') return names[0];
  if (scenario === 'twoBreedCross') return designerCrossOf(slugs[0], slugs[1]) ?? `${names[0]} \u00d7 ${names[1]}`;
  const top = names.slice(0, 3);
  if (scenario === 'supermuttMix') return `${top.join(', ')} & ${SUPERMUTT} Mix`;
  return `${top.slice(0, -1).join(', ')}${top.length > 1 ? ' & ' : ''}${top[top.length - 1]} Mix`;
}
