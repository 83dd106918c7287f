// Spec 2 §8, spec 1 §9: the maps library is loaded with 3 tries; after the third failure it throws.
import { MAPS_LOAD_FAILED } from '../../server/shared/messages';

export const MAPS_LOAD_ATTEMPTS = 3;

/** Runs `load` until it succeeds, at most `attempts` times; then throws MAPS_LOAD_FAILED (the last error as cause). */
export async function loadWithRetries<T>(load: () => Promise<T>, attempts = MAPS_LOAD_ATTEMPTS): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await load();
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(MAPS_LOAD_FAILED, { cause: lastError });
}
