import { useEffect, useState } from 'react';
import { HANDLE_CHECK_DELAY_MS, handleFormatError, normalizeHandle } from '../../server/shared/pet-profile-rules';
import { HttpError } from '../shared/fetch-json';
import { checkHandle } from './api';
import { handleCheckText } from './draft';
import { HANDLE_CHECK_FAILED } from './text';

export type HandleCheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' | 'taken' | 'invalid' | 'failed'; text: string; alternative?: string };

/** The server's own words when it refused the check for too many of them. */
function limitedText(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 429) return null;
  const text = (error.body as { error?: unknown } | null)?.error;
  return typeof text === 'string' ? text : null;
}

/**
 * Spec 2 §5: the handle's availability is checked 1 second after the last change. An answer for
 * a handle that has changed since is dropped. The dog's own saved handle is not checked.
 */
export function useHandleCheck(handle: string, petNum: number, savedHandle: string): HandleCheckState {
  const [check, setCheck] = useState<HandleCheckState>({ state: 'idle' });
  const value = normalizeHandle(handle);

  useEffect(() => {
    if (value === normalizeHandle(savedHandle)) {
      setCheck({ state: 'idle' });
      return;
    }
    let isCurrent = true;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      const formatError = handleFormatError(value);
      if (formatError) {
        setCheck({ state: 'invalid', text: formatError });
        return;
      }
      checkHandle(value, petNum).then(
        (answer) => {
          if (!isCurrent) return;
          setCheck({ state: answer.isAvailable ? 'available' : 'taken', text: handleCheckText(answer), alternative: answer.alternative });
        },
        (error: unknown) => {
          if (!isCurrent) return;
          console.error('Handle check failed', error);
          setCheck({ state: 'failed', text: limitedText(error) ?? HANDLE_CHECK_FAILED });
        },
      );
    }, HANDLE_CHECK_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [value, petNum, savedHandle]);

  return check;
}

