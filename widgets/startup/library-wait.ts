import { WAITED_TOO_LONG } from '../../server/shared/startup-messages';
import { LIBRARY_WAIT_INTERVAL_MS, LIBRARY_WAIT_MAX_ATTEMPTS } from './constants';

export interface LibraryWaitOptions {
  /** Where the libraries appear as globals (the page's window). */
  win?: object;
  intervalMs?: number;
  maxAttempts?: number;
}

/** Global names a page declares in `<body data-requires-libraries="jQuery,Chart">`. */
export function requiredLibraries(body: HTMLElement | null | undefined): string[] {
  return (body?.dataset.requiresLibraries ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * Resolves once every named global exists. Spec 2 §4: checks now and then every 2 s; after
 * the 10th failed attempt rejects with 'Waited more than 10 attempts' naming what is missing.
 */
export function waitForLibraries(names: readonly string[], options: LibraryWaitOptions = {}): Promise<void> {
  const {
    win = globalThis,
    intervalMs = LIBRARY_WAIT_INTERVAL_MS,
    maxAttempts = LIBRARY_WAIT_MAX_ATTEMPTS,
  } = options;
  const globals = win as Record<string, unknown>;
  return new Promise((resolve, reject) => {
    let attempts = 0;
    const check = (): void => {
      attempts += 1;
      const missing = names.filter((name) => globals[name] == null);
      if (missing.length === 0) resolve();
      else if (attempts >= maxAttempts) reject(new Error(`${WAITED_TOO_LONG} for ${missing.join(', ')}`));
      else setTimeout(check, intervalMs);
    };
    check();
  });
}
