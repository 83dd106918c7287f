// What search engines and link previews read about a dog (issue 11 §6).
import type { PublicDog } from './queries.js';
import type { BreedMixView } from '../results/breed-mix.js';

export interface PageMeta {
  description: string;
  canonicalUrl: string;
  /** A raster image for link previews; none when there is nothing to show. */
  imageUrl: string | null;
  indexable: boolean;
  /** schema.org JSON-LD, already serialised with `<` escaped for a <script> element. */
  jsonLd: string;
}

export const dogPath = (handle: string) => `/dog/${encodeURIComponent(handle)}`;
export const publicImagePath = (handle: string) => `/getpublicpetimg/${encodeURIComponent(handle)}`;

export function dogDisplayName(dog: Pick<PublicDog, 'name' | 'prefixTitles' | 'suffixTitles'>): string {
  return [...dog.prefixTitles, dog.name, ...dog.suffixTitles].join(' ');
}

export function dogDescription(dog: Pick<PublicDog, 'name'>, breedMix: BreedMixView | null): string {
  if (!breedMix) return `${dog.name} on Embark: a dog whose DNA results are on their way.`;
  // results from a file without breed ancestry (another lab's export): no mix to name
  if (breedMix.breeds.length === 0) return `${dog.name} on Embark: see ${dog.name}'s DNA results, genetic stats and relatives.`;
  const top = breedMix.breeds.slice(0, 3).map((breed) => `${breed.displayBreedPercent} ${breed.breedName}`).join(', ');
  return `${dog.name} is ${breedMix.breedMixName}: ${top}. See ${dog.name}'s Embark DNA results, genetic stats and relatives.`;
}

/** Text for a meta description: one line, cut at a word (with an ellipsis) to at most `max` characters. */
export function metaDescription(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** JSON for a <script> element: `<` escaped so no text can close the element (DESIGN.md, known traps). */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function dogPageMeta(baseUrl: string, dog: PublicDog, breedMix: BreedMixView | null, indexable: boolean): PageMeta {
  const canonicalUrl = `${baseUrl}${dogPath(dog.handle)}`;
  const imageUrl = `${baseUrl}${publicImagePath(dog.handle)}`;
  const description = dogDescription(dog, breedMix);
  return {
    description,
    canonicalUrl,
    imageUrl,
    indexable,
    jsonLd: scriptJson({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: canonicalUrl,
      name: `${dogDisplayName(dog)} | Embark`,
      description,
      mainEntity: {
        '@type': 'Thing',
        name: dogDisplayName(dog),
        alternateName: dog.handle,
        image: imageUrl,
        description: breedMix?.breeds.length ? breedMix.breedMixName : undefined,
      },
    }),
  };
}
