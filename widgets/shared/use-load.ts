import { useEffect, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** Loads a widget's data once per key; a failure is logged as `{what} failed to load` and shows as 'failed'. */
export function useLoad<T>(load: () => Promise<T>, what: string, key: unknown): Load<T> {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  useEffect(() => {
    load().then(
      (data) => setState({ state: 'ready', data }),
      (error: unknown) => {
        console.error(`${what} failed to load`, error);
        setState({ state: 'failed' });
      },
    );
    // the key names what is loaded; `load` is a new closure on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
