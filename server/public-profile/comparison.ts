// The mix comparison of two dogs (spec 2 §4 "Mix comparison area"; /dogs-like-mine). Pure.
import type { DisplayBreed } from '../results/breed-mix-rules.js';
import { displayPercent } from '../results/breed-mix-rules.js';

export interface ComparedBreed {
  breedName: string;
  colorIndex: number;
  /** Display percents, '—' when the dog has none of the breed. */
  a: string;
  b: string;
  shared: number;
}

export interface MixComparison {
  breeds: ComparedBreed[];
  /** Sum over breeds of the smaller share: 100 for the same mix, 0 for no breed in common. */
  sharedPct: number;
  displaySharedPct: string;
}

const keyOf = (breed: DisplayBreed) => breed.slug ?? `~${breed.breedName}`;

/** Both mixes side by side, breeds in common first (largest shared share first), then the rest. */
export function compareMixes(a: readonly DisplayBreed[], b: readonly DisplayBreed[]): MixComparison {
  const byKey = new Map<string, { breed: DisplayBreed; a: number; b: number }>();
  for (const breed of a) byKey.set(keyOf(breed), { breed, a: breed.breedPct, b: 0 });
  for (const breed of b) {
    const entry = byKey.get(keyOf(breed));
    if (entry) entry.b = breed.breedPct;
    else byKey.set(keyOf(breed), { breed, a: 0, b: breed.breedPct });
  }
  const entries = [...byKey.values()].map((entry) => ({ ...entry, shared: Math.min(entry.a, entry.b) }));
  entries.sort((x, y) => y.shared - x.shared || y.a + y.b - (x.a + x.b) || x.breed.breedName.localeCompare(y.breed.breedName));
  const sharedPct = Math.round(entries.reduce((sum, entry) => sum + entry.shared, 0) * 10) / 10;
  return {
    breeds: entries.map((entry) => ({
      breedName: entry.breed.breedName,
      colorIndex: entry.breed.colorIndex,
      a: entry.a > 0 ? displayPercent(entry.a) : '—',
      b: entry.b > 0 ? displayPercent(entry.b) : '—',
      shared: Math.round(entry.shared * 10) / 10,
    })),
    sharedPct,
    displaySharedPct: displayPercent(Math.min(100, sharedPct)),
  };
}
