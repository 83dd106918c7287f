// The location payload of spec 2 §3 as updatePetLocations and updateVetPracticeDetails take it.
import { z } from 'zod';

export const BUSINESS_TYPES = ['breeder', 'home', 'other', 'shelter'] as const;
export const LOCATION_TEXT_MAX = 500;
export const LOCATION_INVALID = 'The place could not be saved: please choose it from the search results again';

const text = (max = LOCATION_TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

const addressComponent = z.object({
  longName: z.string().max(LOCATION_TEXT_MAX),
  shortName: z.string().max(LOCATION_TEXT_MAX),
  types: z.array(z.string().max(100)).max(20),
});

export const locationInputSchema = z
  .object({
    businessType: z.enum(BUSINESS_TYPES).nullish().transform((value) => value ?? null),
    addressInput: text(),
    formattedAddress: text(),
    lngLat: z
      .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
      .nullish()
      .transform((value) => value ?? null),
    name: text(),
    placeId: text(300),
    types: z.array(z.string().max(100)).max(30).nullish().transform((value) => value ?? []),
    vicinity: text(),
    phone: text(50),
    website: z
      .string()
      .trim()
      .max(LOCATION_TEXT_MAX)
      .regex(/^https?:\/\/\S+$/i)
      .nullish()
      .or(z.literal(''))
      .transform((value) => value || null),
    addressComponents: z.array(addressComponent).max(30).nullish().transform((value) => value ?? []),
  })
  .strict()
  .refine((location) => location.addressInput !== null || location.formattedAddress !== null);

export type LocationInput = z.infer<typeof locationInputSchema>;

/** The location, or null when it does not fit the payload. */
export function parseLocation(input: unknown): LocationInput | null {
  const parsed = locationInputSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}
