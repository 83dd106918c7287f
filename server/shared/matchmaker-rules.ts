// The matchmaker's table (spec 2 §5, §7, §9; issue 14): DataTables server-side parameters and the
import { MATCHMAKER_AGE_RANGE_REVERSED } from './breeders-messages.js';
// filters, read from any input into clamped, typed values. Pure, shared with the widget.

import { MAX_ID } from './id-range.js';

/** spec 2 §9: page length 10; options 5, 10, 25, 50, 100 and all (-1 in DataTables). */
export const MATCHMAKER_PAGE_LENGTH = 10;
export const MATCHMAKER_PAGE_LENGTHS = [5, 10, 25, 50, 100, -1] as const;
export const MATCHMAKER_PAGE_LENGTH_LABELS = ['5', '10', '25', '50', '100', 'All'] as const;
/** "All" answers at most this many rows, so one request never streams a whole population. */
export const MATCHMAKER_ALL_ROWS = 1000;
const MAX_SEARCH_LENGTH = 100;

/** Table columns in DataTables' order; `sort` names what an orderable column sorts by. */
export const MATCHMAKER_COLUMNS = [
  { data: 'name', title: 'Dog', sort: 'name' },
  { data: 'breed', title: 'Breed', sort: 'breed' },
  { data: 'ageYears', title: 'Age', sort: 'age' },
  { data: 'titles', title: 'Titles', sort: null },
  { data: 'distanceMiles', title: 'Distance', sort: 'distance' },
  { data: 'offspringCoi', title: 'Offspring COI', sort: 'coi' },
  { data: 'links', title: 'Plan', sort: null },
] as const;

export type MatchmakerSort = 'name' | 'breed' | 'age' | 'distance' | 'coi';
const DEFAULT_SORT_COLUMN = 5;

/**
 * The "Sort by" choices: every order the column headers give, in words. On a phone the table's rows
 * stack and its header is hidden, so this select is how a breeder sorts there (and without scripts,
 * as the `sort` field of the filter form); the widget keeps it and the DataTables order in step.
 */
export const MATCHMAKER_SORT_OPTIONS = [
  { value: 'coi-asc', label: 'Offspring COI, lowest first', sort: 'coi', descending: false },
  { value: 'coi-desc', label: 'Offspring COI, highest first', sort: 'coi', descending: true },
  { value: 'distance-asc', label: 'Distance, nearest first', sort: 'distance', descending: false },
  { value: 'distance-desc', label: 'Distance, farthest first', sort: 'distance', descending: true },
  { value: 'age-asc', label: 'Age, youngest first', sort: 'age', descending: false },
  { value: 'age-desc', label: 'Age, oldest first', sort: 'age', descending: true },
  { value: 'name-asc', label: 'Name, A to Z', sort: 'name', descending: false },
  { value: 'name-desc', label: 'Name, Z to A', sort: 'name', descending: true },
  { value: 'breed-asc', label: 'Breed, A to Z', sort: 'breed', descending: false },
  { value: 'breed-desc', label: 'Breed, Z to A', sort: 'breed', descending: true },
] as const satisfies readonly { value: string; label: string; sort: MatchmakerSort; descending: boolean }[];

/** The "Sort by" value of an order (the select shows it). */
export const sortOptionValue = (sort: MatchmakerSort, descending: boolean): string => `${sort}-${descending ? 'desc' : 'asc'}`;

/** The table column DataTables orders by for a sort. */
export const sortColumnIndex = (sort: MatchmakerSort): number => MATCHMAKER_COLUMNS.findIndex((column) => column.sort === sort);

export interface MatchmakerFilters {
  /** Miles from the chosen dog's live location; candidates without a location are left out when set. */
  maxDistanceMiles: number | null;
  /** Expected offspring COI at most this (0 to 1). */
  maxOffspringCoi: number | null;
  minAgeYears: number | null;
  maxAgeYears: number | null;
  /** A show or sport title the candidate holds (prefix or suffix), any case. */
  title: string | null;
  /** Slug of the candidate's main breed. */
  breed: string | null;
  /** Wolves and wolf hybrids are candidates only when asked (or when the breed asked is the gray wolf). */
  includeWolves: boolean;
}

export const GRAY_WOLF_SLUG = 'gray-wolf';

/**
 * A purebred dog's mates are of its own breed unless the breeder chose a breed or 'Any breed': the
 * default applies when the request names no breed at all (a first visit, a link without filters).
 */
export function withDogDefaults(filters: MatchmakerFilters, input: Input, purebredSlug: string | null): MatchmakerFilters {
  const source = (input.filters && typeof input.filters === 'object' ? input.filters : input) as Input;
  return source.breed === undefined && purebredSlug ? { ...filters, breed: purebredSlug } : filters;
}

export interface MatchmakerRequest {
  draw: number;
  start: number;
  /** Rows to answer (clamped); `all` when the table asked for every row. */
  length: number;
  search: string;
  sort: MatchmakerSort;
  descending: boolean;
  filters: MatchmakerFilters;
}

type Input = Record<string, unknown>;

/** A value from a JSON body ({ search: { value } }) or the form fields DataTables posts ("search[value]"). */
function field(input: Input, ...path: (string | number)[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (!value || typeof value !== 'object') {
      value = undefined;
      break;
    }
    value = (value as Input)[String(key)];
  }
  if (value !== undefined) return value;
  const flat = `${path[0]}${path.slice(1).map((key) => `[${key}]`).join('')}`;
  return input[flat];
}

function integer(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^-?\d{1,15}$/.test(text.trim())) return null;
  return Number(text);
}

function decimal(raw: unknown, min: number, max: number): number | null {
  if (raw === '' || raw === null || raw === undefined) return null;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,6}(\.\d{1,4})?\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(value)) return null;
  return Math.min(max, Math.max(min, value));
}

function text(raw: unknown, maxLength: number): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim().slice(0, maxLength);
  return trimmed === '' ? null : trimmed;
}

/** What is wrong with filters no candidate could pass, said to the breeder rather than guessed at. */
export function filtersProblem(filters: MatchmakerFilters): string | null {
  const { minAgeYears: from, maxAgeYears: to } = filters;
  return from !== null && to !== null && from > to ? MATCHMAKER_AGE_RANGE_REVERSED : null;
}

export function parseFilters(input: Input): MatchmakerFilters {
  const source = (input.filters && typeof input.filters === 'object' ? input.filters : input) as Input;
  const coiPercent = decimal(source.maxOffspringCoi, 0, 100);
  const minAge = decimal(source.minAgeYears, 0, 30);
  const maxAge = decimal(source.maxAgeYears, 0, 30);
  const breed = text(source.breed, 80);
  return {
    maxDistanceMiles: decimal(source.maxDistanceMiles, 0, 25_000),
    maxOffspringCoi: coiPercent === null ? null : coiPercent / 100,
    minAgeYears: minAge,
    maxAgeYears: maxAge,
    title: text(source.title, 40),
    breed: breed && /^[a-z0-9-]+$/.test(breed) ? breed : null,
    includeWolves: source.includeWolves === true || source.includeWolves === 'true' || source.includeWolves === 'on',
  };
}

/**
 * DataTables' server-side parameters, clamped rather than refused (issue 14): a negative or
 * unreadable start reads 0, a length outside the options reads the nearest sensible one (-1, all,
 * up to MATCHMAKER_ALL_ROWS), an unknown order column the default (offspring COI, lowest first).
 */
export function parseMatchmakerRequest(input: Input): MatchmakerRequest {
  const draw = Math.min(MAX_ID, Math.max(0, integer(field(input, 'draw')) ?? 0));
  const start = Math.min(MAX_ID, Math.max(0, integer(field(input, 'start')) ?? 0));
  const rawLength = integer(field(input, 'length'));
  const length = rawLength === -1 ? MATCHMAKER_ALL_ROWS : rawLength === null || rawLength < 1 ? MATCHMAKER_PAGE_LENGTH : Math.min(100, rawLength);
  const column = integer(field(input, 'order', 0, 'column'));
  const known = column !== null && column >= 0 && column < MATCHMAKER_COLUMNS.length && MATCHMAKER_COLUMNS[column].sort !== null;
  let sort = MATCHMAKER_COLUMNS[known ? column! : DEFAULT_SORT_COLUMN].sort as MatchmakerSort;
  let descending = known && field(input, 'order', 0, 'dir') === 'desc';
  // the filter form's "Sort by" (pages without scripts); DataTables' own order comes first
  const chosen = known ? undefined : MATCHMAKER_SORT_OPTIONS.find((option) => option.value === input.sort);
  if (chosen) [sort, descending] = [chosen.sort, chosen.descending];
  return { draw, start, length, search: text(field(input, 'search', 'value'), MAX_SEARCH_LENGTH) ?? '', sort, descending, filters: parseFilters(input) };
}
