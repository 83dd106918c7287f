import { z } from 'zod';

import { MAX_ID, parseId } from '../shared/id-range.js';

export { MAX_ID, parseId };

/** The rule of parseId for zod schemas of JSON and GraphQL input. */
export const idSchema = z.number().int().positive().max(MAX_ID);
