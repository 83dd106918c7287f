import { useCallback, useEffect, useState } from 'react';
import { ABOUT_PET_AJAX_FAILED } from '../../server/shared/messages';
import { catalogueOnce, fetchAboutPet, type Catalogue } from './api';
import { announceSavedPet, onPetSaved } from './page-summary';
import type { AboutPet } from './types';

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/**
 * The about-pet data feed; `reload` fetches it again after a save and shows the saved dog on the rest
 * of the page (page-summary.ts), whose other about-pet widgets take it too.
 * Spec 2 §8: a failure logs 'About pet ajax failed'.
 */
export function useAboutPet(petNum: number): { pet: Loaded<AboutPet>; reload: () => Promise<AboutPet | null> } {
  const [pet, setPet] = useState<Loaded<AboutPet>>({ state: 'loading' });
  const load = useCallback(
    () =>
      fetchAboutPet(petNum).then(
        (value) => {
          setPet({ state: 'ready', value });
          return value;
        },
        (error: unknown) => {
          console.error(ABOUT_PET_AJAX_FAILED, error);
          setPet({ state: 'failed' });
          return null;
        },
      ),
    [petNum],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => onPetSaved(petNum, (value) => setPet({ state: 'ready', value })), [petNum]);
  const reload = useCallback(async () => {
    const value = await load();
    if (value) announceSavedPet(value);
    return value;
  }, [load]);
  return { pet, reload };
}

/** Breeds and registration organizations for the selects; null until loaded (or when loading failed). */
export function useCatalogue(): { catalogue: Catalogue | null; failed: boolean } {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let isMounted = true;
    catalogueOnce().then(
      (value) => isMounted && setCatalogue(value),
      (error: unknown) => {
        console.error('Breed catalogue failed', error);
        if (isMounted) setFailed(true);
      },
    );
    return () => {
      isMounted = false;
    };
  }, []);
  return { catalogue, failed };
}

