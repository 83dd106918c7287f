// Input values, debounced server checks and stale answers (spec 2 §4, §5): a check runs 300 ms
// after the last keystroke (at once on Enter), and its answer is dropped if the input changed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkScanInput, type OrderSku } from '../../server/shared/serial-scanning-rules';
import { EMPTY_INPUT, inputKey, type InputState, type ScanInputId } from './inputs';
import { validateOnServer } from './api';

export function useScanInputs(sku: OrderSku, debounceMs: number) {
  const [inputs, setInputs] = useState<Record<string, InputState>>({});
  const latest = useRef(new Map<string, string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const set = (key: string, state: InputState) => setInputs((current) => ({ ...current, [key]: state }));

  const askServer = useCallback(
    async (id: ScanInputId, value: string) => {
      const key = inputKey(id);
      set(key, { value, status: 'validating' });
      let error: string | null;
      try {
        error = await validateOnServer(id.field as 'boxKey' | 'swabCode', value.trim(), sku.sku);
      } catch {
        error = 'Could not check this code; press Enter to try again';
      }
      if (latest.current.get(key) !== value) return; // stale: the input changed meanwhile
      set(key, error ? { value, status: 'error', error } : { value, status: 'valid' });
    },
    [sku],
  );

  /** Applies the browser's rules; a code that needs the server is checked after the debounce, or now. */
  const check = useCallback(
    (id: ScanInputId, value: string, { now }: { now: boolean }) => {
      const key = inputKey(id);
      latest.current.set(key, value);
      clearTimeout(timers.current.get(key));
      const local = checkScanInput(id.field, value);
      if (local.kind === 'ignore') return set(key, { value, status: 'unvalidated' });
      if (local.kind === 'error') return set(key, { value, status: 'error', error: local.error });
      if (local.kind === 'valid') return set(key, { value, status: 'valid' });
      if (now) return void askServer(id, value);
      set(key, { value, status: 'unvalidated' });
      timers.current.set(key, setTimeout(() => void askServer(id, value), debounceMs));
    },
    [askServer, debounceMs],
  );

  /** The server refused this input on submit: it shows the server's reason until it changes. */
  const refuse = useCallback((id: ScanInputId, error: string) => {
    const key = inputKey(id);
    clearTimeout(timers.current.get(key));
    setInputs((current) => ({ ...current, [key]: { value: (current[key] ?? EMPTY_INPUT).value, status: 'error', error } }));
  }, []);

  const reset = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    latest.current.clear();
    setInputs({});
  }, []);

  useEffect(() => () => reset(), [reset]);

  const valueOf = (id: ScanInputId) => (inputs[inputKey(id)] ?? EMPTY_INPUT).value;
  return { inputs, check, refuse, reset, valueOf };
}
