import { useCallback, useEffect, useState } from 'react';
import { ABOUT_PET_AJAX_FAILED } from '../../server/shared/messages';
import { catalogueOnce, fetchAboutPet, type Catalogue } from './api';
import type { AboutPet } from './types';

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** The about-pet data feed; `reload` fetches it again after a save. Spec 2 §8: a failure logs 'About pet ajax failed'. */
export function useAboutPet(petNum: number): { pet: Loaded<AboutPet>; reload: () => Promise<AboutPet | null> } {
  const [pet, setPet] = useState<Loaded<AboutPet>>({ state: 'loading' });
  const reload = useCallback(
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
    void reload();
  }, [reload]);
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

