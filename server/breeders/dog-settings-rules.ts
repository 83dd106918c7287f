import { z } from 'zod';
import { idSchema } from '../http/ids.js';

export const PRIVACY_OPTIONS = [
  { value: 'public', label: 'Public' },
  { value: 'public-private', label: 'Members only' },
  { value: 'private', label: 'Private' },
] as const;

/** At most this many dogs in one save: more than any kennel has, small enough for one transaction. */
export const MAX_DOGS_PER_SAVE = 500;

const dogPrivacy = z
  .object({
    petNum: idSchema,
    handle: z.string().max(64),
    privacy: z.enum(['public', 'public-private', 'private']),
    excludeFromMatchmaker: z.boolean(),
  })
  .strict();

export type DogPrivacy = z.infer<typeof dogPrivacy>;

const dogsPrivacySchema = z
  .array(dogPrivacy)
  .min(1)
  .max(MAX_DOGS_PER_SAVE)
  .refine((dogs) => new Set(dogs.map((dog) => dog.petNum)).size === dogs.length, 'each dog once');

const FORM_FIELD = /^dogsPrivacy\[(\d{1,3})\]\[(petNum|handle|privacy|excludeFromMatchmaker)\]$/;

/**
 * dogsPrivacy (spec 2 §7) from a JSON body ({ dogsPrivacy: [...] }) or from the page's form, whose
 * fields are named dogsPrivacy[i][petNum] and so on (an unticked checkbox sends nothing: false).
 * Null for anything else.
 */
export function parseDogsPrivacy(body: unknown, isJson: boolean): DogPrivacy[] | null {
  if (!body || typeof body !== 'object') return null;
  let candidate: unknown;
  if (isJson) candidate = (body as Record<string, unknown>).dogsPrivacy;
  else {
    const rows = new Map<number, Record<string, unknown>>();
    for (const [key, value] of Object.entries(body)) {
      if (key === '_csrf') continue;
      const match = FORM_FIELD.exec(key);
      if (!match || typeof value !== 'string') return null;
      const row = rows.get(Number(match[1])) ?? { excludeFromMatchmaker: false };
      const field = match[2];
      row[field] = field === 'petNum' ? (/^\d{1,10}$/.test(value) ? Number(value) : value) : field === 'excludeFromMatchmaker' ? value === 'true' || value === 'on' : value;
      rows.set(Number(match[1]), row);
    }
    candidate = [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  }
  const parsed = dogsPrivacySchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
